// API keys at rest: the database file holds digests, never an issued key, and a database written before
// keys were hashed is converted on start without breaking the keys already handed out.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import { afterAll, describe, expect, it } from "vitest";
import { passwordHasher } from "../../src/server/auth/passwords.ts";
import { startService } from "../../src/server/service.ts";
import { openDatabase } from "../../src/server/store/database.ts";
import { sqliteMigrations } from "../../src/server/store/sqlite-migrations.ts";
import { accountFixture, makeUser } from "./route-catalog.ts";
import { call, keyToken, paths } from "./service-harness.ts";

const directory = await mkdtemp(join(tmpdir(), "api-key-storage-"));
afterAll(() => rm(directory, { recursive: true, force: true }));

/** Every byte SQLite may hold the data in: the file and its write-ahead log. */
async function databaseText(file: string): Promise<string> {
  const parts = await Promise.all(
    [file, `${file}-wal`].map((part) => readFile(part).catch(() => Buffer.alloc(0))),
  );
  return Buffer.concat(parts).toString("latin1");
}

describe("API keys at rest", () => {
  it("keeps no issued key in the database file, and the key still signs in", async () => {
    const file = join(directory, "keys.db");
    const service = await startService({ port: 0, database: file });
    try {
      const own = await accountFixture(service, service.demo);
      const user = await makeUser(own, [], true);
      const token = await keyToken(service, user.apiKey as string);
      expect((await call(service, "GET", paths(service).users, { token })).status).toBe(403);
      expect(await databaseText(file)).not.toContain(user.apiKey);
    } finally {
      await service.close();
    }
  });

  it("converts a database from before hashing: old keys keep working, and rest only as digests", async () => {
    const file = join(directory, "old.db");
    const { db } = openDatabase(file);
    const first = { "0001_initial_schema": sqliteMigrations["0001_initial_schema"] as Migration };
    const migrated = await new Migrator({
      db,
      provider: { getMigrations: async () => first },
    }).migrateToLatest();
    expect(migrated.error).toBeUndefined();
    const ids = { account: crypto.randomUUID(), admin: crypto.randomUUID(), service: crypto.randomUUID() };
    const apiKey = crypto.randomUUID();
    const other = { id: crypto.randomUUID(), key: crypto.randomUUID() };
    const user = { account_id: ids.account, active: 1, blocked: 0, deleted: 0, created_at: 0, updated_at: 0 };
    // The tables as they were before hashing, which the current types no longer describe.
    const oldDb = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await oldDb
      .insertInto("accounts")
      .values({
        id: ids.account,
        legacy_id: "0".repeat(32),
        name: "Old Store",
        configuration_id: crypto.randomUUID(),
        features: "{}",
        created_at: 0,
      })
      .execute();
    await oldDb
      .insertInto("sub_users")
      .values([
        {
          ...user,
          id: ids.admin,
          username: "admin@old.example",
          password_hash: await passwordHasher().hash("old-password"),
          scopes: '["admin"]',
        },
        { ...user, id: ids.service, api_key: apiKey, scopes: '["products:read"]' },
        { ...user, id: other.id, api_key: other.key, scopes: "[]" },
      ])
      .execute();
    await oldDb
      .insertInto("demo_credentials")
      .values({
        account_id: ids.account,
        username: "admin@old.example",
        password: "old-password",
        service_user_id: ids.service,
      })
      .execute();
    await db.destroy();

    const service = await startService({ port: 0, database: file });
    try {
      expect(service.demo.apiKey).toBe(apiKey);
      for (const key of [apiKey, other.key]) {
        const login = await call(service, "POST", "/api/v1/users/auth/key", {
          body: { id: ids.account, api_key: key },
        });
        expect(login.status, login.text).toBe(200);
      }
    } finally {
      await service.close();
    }
    const text = await databaseText(file);
    expect(text).not.toContain(other.key);
  });
});
