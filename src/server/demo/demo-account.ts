// The demo organisations created on the start of a database: each an account, its admin sub-user, a
// service account holding an API key, and a demo catalog. Ids, passwords and keys are random, once per
// database (a restart reads them back), unless a demo seed asks for the same ones every time: a seed is
// for reproducible tests only, since anyone who knows it can sign in.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { apiKeyDigest } from "../auth/api-keys.ts";
import { tillScopes } from "../auth/scopes.ts";
import { createRandom } from "../faults/seeded-random.ts";
import { findAccount, hasAnyAccount, insertAccount } from "../store/accounts-store.ts";
import type { ServiceDatabase } from "../store/database.ts";
import { insertFavourites } from "../store/favourites-store.ts";
import { insertProducts } from "../store/products-store.ts";
import { findUser, insertUser } from "../store/users-store.ts";
import { demoCatalogBatches } from "./demo-catalog.ts";
import { demoFavourites } from "./demo-favourites.ts";

export interface DemoCredentials {
  accountId: string;
  legacyId: string;
  configurationId: string;
  organisation: string;
  username: string;
  password: string;
  /** Empty once the demo key has been revoked or replaced. */
  apiKey: string;
}

export interface DemoSetup {
  /** Demo accounts the database must hold; missing ones are created. */
  accounts: number;
  /** Seed of the first account's demo catalog; the n-th account's is `catalogSeed + n - 1`. */
  catalogSeed: number;
  /** Seed of the ids and credentials; null draws them from the system's secure random source. */
  credentialSeed: number | null;
  demoProducts: number;
  /** Hashes the admins' passwords (passwords.ts). */
  hashPassword: (password: string) => Promise<string>;
  /** Epoch ms of the creation; the catalog's timestamps lie before it. */
  now: number;
  /** Where the service answers, for the demo pictures' URLs (demo-catalog.ts). */
  imageBaseUrl: string;
}

/** Organisation names and admin usernames: the first account keeps the plain ones. */
function demoNames(index: number) {
  return index === 1
    ? { organisation: "Demo Store", username: "admin@demo-store.example" }
    : { organisation: `Demo Store ${index}`, username: `admin@demo-store-${index}.example` };
}

/** The demo accounts, in the order they were created; at least `setup.accounts` of them. */
export async function ensureDemoAccounts(db: ServiceDatabase, setup: DemoSetup): Promise<DemoCredentials[]> {
  const existing = await db.selectFrom("demo_credentials").select("account_id").execute();
  if (existing.length === 0 && (await hasAnyAccount(db))) {
    throw new Error("This database has accounts but no demo account.");
  }
  for (let index = existing.length + 1; index <= setup.accounts; index++) {
    await createDemoAccount(db, setup, index, idSource(setup.credentialSeed, index));
  }
  return readDemoCredentials(db);
}

/**
 * UUIDs for the ids and secrets of the n-th account. A seeded source depends on the seed and n only, so
 * that account is the same whether it was created on the first start or a later one.
 */
function idSource(seed: number | null, index: number): () => string {
  if (seed === null) return randomUUID;
  const random = createRandom(seed + (index - 1) * 0x9e3779b9);
  return () => random.uuid();
}

async function createDemoAccount(
  db: ServiceDatabase,
  setup: DemoSetup,
  index: number,
  newId: () => string,
): Promise<void> {
  const hex32 = () => newId().replaceAll("-", "");
  const ids = {
    account: newId(),
    legacy: hex32(),
    configuration: newId(),
    admin: newId(),
    service: newId(),
  };
  // 92 random bits: far beyond guessing at the login throttle's pace.
  const password = `demo-${hex32().slice(0, 12)}${hex32().slice(0, 12)}`;
  const apiKey = newId();
  const { organisation, username } = demoNames(index);
  const catalog = {
    count: setup.demoProducts,
    seed: setup.catalogSeed + index - 1,
    accountId: ids.account,
    now: setup.now,
    imageBaseUrl: setup.imageBaseUrl,
  };
  const user = {
    account_id: ids.account,
    active: 1,
    blocked: 0,
    deleted: 0,
    created_at: setup.now,
    updated_at: setup.now,
  };
  const passwordHash = await setup.hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await insertAccount(trx, {
      id: ids.account,
      legacy_id: ids.legacy,
      name: organisation,
      configuration_id: ids.configuration,
      features: JSON.stringify({ vouchers: true, inventory: true, fiscalisation: false }),
      created_at: setup.now,
    });
    await insertUser(trx, {
      ...user,
      id: ids.admin,
      username,
      email: username,
      password_hash: passwordHash,
      role: "admin",
      scopes: JSON.stringify(["admin"]),
      firstname: "Demo",
      lastname: "Admin",
    });
    await insertUser(trx, {
      ...user,
      id: ids.service,
      api_key_digest: apiKeyDigest(apiKey),
      role: "serviceaccount",
      scopes: JSON.stringify([
        ...tillScopes,
        "products:create",
        "products:update",
        "products:delete",
        "favourites:create",
        "favourites:update",
      ]),
      description: "Demo integration key",
    });
    await trx
      .insertInto("demo_credentials")
      .values({ account_id: ids.account, username, password, service_user_id: ids.service, api_key: apiKey })
      .execute();
    // A batch at a time, so a catalog of a million takes the memory of a batch; in the account's one
    // transaction, so a start stopped halfway leaves no account without its whole catalog.
    for (const batch of demoCatalogBatches(catalog)) await insertProducts(trx, ids.account, batch);
    await insertFavourites(trx, ids.account, demoFavourites(setup.catalogSeed + index - 1, setup.now));
  });
}

async function readDemoCredentials(db: ServiceDatabase): Promise<DemoCredentials[]> {
  const demos = await db
    .selectFrom("demo_credentials")
    .innerJoin("accounts", "accounts.id", "demo_credentials.account_id")
    .selectAll("demo_credentials")
    // Creation order, which the names follow ("Demo Store", "Demo Store 2", ... "Demo Store 10").
    .orderBy(sql`length(accounts.name)`)
    .orderBy("accounts.name")
    .execute();
  const credentials: DemoCredentials[] = [];
  for (const demo of demos) {
    const account = await findAccount(db, demo.account_id);
    if (!account) throw new Error("A demo account is missing from this database.");
    const service = await findUser(db, account.id, demo.service_user_id);
    credentials.push({
      accountId: account.id,
      legacyId: account.legacy_id ?? "",
      configurationId: account.configuration_id,
      organisation: account.name,
      username: demo.username,
      password: demo.password,
      apiKey:
        demo.api_key !== null && service?.api_key_digest === apiKeyDigest(demo.api_key) ? demo.api_key : "",
    });
  }
  return credentials;
}
