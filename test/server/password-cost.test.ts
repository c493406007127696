// The cost of password hashes: a service hashes at scrypt's N = 2^14 unless told a lower one (test
// services are, service-harness.ts), each hash keeps its own, and a password hashed at one cost still
// signs in under another.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { defaultPasswordCost, minPasswordCost } from "../../src/server/auth/passwords.ts";
import { startService } from "../../src/server/service.ts";
import { accountFixture, makeUser } from "./route-catalog.ts";
import { adminToken, call } from "./service-harness.ts";

const directory = await mkdtemp(join(tmpdir(), "password-cost-"));
afterAll(() => rm(directory, { recursive: true, force: true }));

/** Each user's hash cost (scrypt's N, r, p), by username, read straight from the database file. */
function storedCosts(file: string): Map<string, string> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT username, password_hash FROM sub_users").all() as {
      username: string;
      password_hash: string | null;
    }[];
    return new Map(
      rows.map((row) => [row.username, (row.password_hash ?? "").split("$").slice(0, 4).join("$")]),
    );
  } finally {
    db.close();
  }
}

describe("password hashes", () => {
  it("cost 2^14 by default; a service told a lower cost hashes new passwords at it and signs old ones in", async () => {
    const file = join(directory, "service.db");
    const first = await startService({ port: 0, database: file });
    await first.close();
    expect(storedCosts(file).get(first.demo.username)).toBe(`scrypt$${defaultPasswordCost}$8$1`);

    const cheap = await startService({ port: 0, database: file, passwordCost: minPasswordCost });
    try {
      expect(typeof (await adminToken(cheap))).toBe("string");
      const user = await makeUser(await accountFixture(cheap, cheap.demo));
      expect(storedCosts(file).get(user.username)).toBe(`scrypt$${minPasswordCost}$8$1`);
      const wrong = await call(cheap, "POST", "/api/v1/users/auth/organisation/login", {
        body: { organisation: cheap.demo.organisation, username: user.username, password: "wrong" },
      });
      expect(wrong.status).toBe(401);
    } finally {
      await cheap.close();
    }
  });

  it.each([512, 1000, 2048.5, 32_768, Number.NaN])("refuses a cost of %s", async (passwordCost) => {
    await expect(startService({ port: 0, passwordCost })).rejects.toThrow(
      /passwordCost must be a power of two from 1024 to 16384/,
    );
  });
});
