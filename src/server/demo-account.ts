// The demo organisation created on the first start of an empty database: an account, its admin sub-user,
// a service account holding an API key, and a demo catalog. Every id comes from the seed, so the same seed
// gives the same credentials; a restart reads them back from the database.
import type { Product } from "../shared/api/product.ts";
import { findAccount, hasAnyAccount, insertAccount } from "./accounts-store.ts";
import type { ServiceDatabase } from "./database.ts";
import { generateDemoCatalog } from "./demo-catalog.ts";
import { hashPassword } from "./passwords.ts";
import { insertProducts } from "./products-store.ts";
import { createRandom, type Random } from "./seeded-random.ts";
import { findUser, insertUser } from "./users-store.ts";

export interface DemoCredentials {
  accountId: string;
  legacyId: string;
  configurationId: string;
  organisation: string;
  username: string;
  password: string;
  /** Empty when the demo key has been revoked. */
  apiKey: string;
}

export interface DemoSetup {
  seed: number;
  demoProducts: number;
  /** Epoch ms of the creation; the catalog's timestamps lie before it. */
  now: number;
}

const organisation = "Demo Store";
const username = "admin@demo-store.example";

export async function ensureDemoAccount(db: ServiceDatabase, setup: DemoSetup): Promise<DemoCredentials> {
  if (!(await hasAnyAccount(db))) await createDemoAccount(db, setup);
  return readDemoCredentials(db);
}

async function createDemoAccount(db: ServiceDatabase, setup: DemoSetup): Promise<void> {
  const random = createRandom(setup.seed);
  const accountId = random.uuid();
  const ids = {
    legacy: hex32(random),
    configuration: random.uuid(),
    admin: random.uuid(),
    service: random.uuid(),
  };
  const password = `demo-${hex32(random).slice(0, 12)}`;
  const apiKey = random.uuid();
  const passwordHash = await hashPassword(password);
  const catalog: Product[] = generateDemoCatalog({
    count: setup.demoProducts,
    seed: setup.seed,
    accountId,
    now: setup.now,
  });
  const user = {
    account_id: accountId,
    active: 1,
    blocked: 0,
    deleted: 0,
    created_at: setup.now,
    updated_at: setup.now,
  };
  await db.transaction().execute(async (trx) => {
    await insertAccount(trx, {
      id: accountId,
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
      api_key: apiKey,
      role: "serviceaccount",
      scopes: JSON.stringify(["products:read", "products:create", "products:update", "products:delete"]),
      description: "Demo integration key",
    });
    await trx
      .insertInto("demo_credentials")
      .values({ account_id: accountId, username, password, service_user_id: ids.service })
      .execute();
    await insertProducts(trx, accountId, catalog);
  });
}

async function readDemoCredentials(db: ServiceDatabase): Promise<DemoCredentials> {
  const demo = await db.selectFrom("demo_credentials").selectAll().executeTakeFirst();
  const account = demo && (await findAccount(db, demo.account_id));
  if (!demo || !account) throw new Error("This database has accounts but no demo account.");
  const service = await findUser(db, account.id, demo.service_user_id);
  return {
    accountId: account.id,
    legacyId: account.legacy_id ?? "",
    configurationId: account.configuration_id,
    organisation: account.name,
    username: demo.username,
    password: demo.password,
    apiKey: service?.api_key ?? "",
  };
}

function hex32(random: Random): string {
  return random.uuid().replaceAll("-", "");
}
