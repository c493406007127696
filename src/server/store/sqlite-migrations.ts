// SQLite's numbered schema migrations. A migration, once committed, is frozen: change the schema with a new
// one (and give PostgreSQL's, postgres-migrations.ts, the same change).
import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { nodeStateSchema } from "./node-state-schema.ts";

const initialSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("settings")
      .addColumn("key", "text", (column) => column.primaryKey())
      .addColumn("value", "text", (column) => column.notNull())
      .execute();

    await db.schema
      .createTable("accounts")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("legacy_id", "text", (column) => column.unique())
      .addColumn("name", "text", (column) => column.notNull().unique())
      .addColumn("configuration_id", "text", (column) => column.notNull())
      .addColumn("features", "text", (column) => column.notNull())
      .addColumn("created_at", "integer", (column) => column.notNull())
      .execute();

    await db.schema
      .createTable("sub_users")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("account_id", "text", (column) => column.notNull().references("accounts.id"))
      .addColumn("username", "text")
      .addColumn("email", "text")
      .addColumn("password_hash", "text")
      .addColumn("api_key", "text", (column) => column.unique())
      .addColumn("role", "text")
      .addColumn("scopes", "text")
      .addColumn("description", "text")
      .addColumn("firstname", "text")
      .addColumn("lastname", "text")
      .addColumn("locations", "text")
      .addColumn("active", "integer", (column) => column.notNull())
      .addColumn("blocked", "integer", (column) => column.notNull())
      .addColumn("deleted", "integer", (column) => column.notNull())
      .addColumn("created_at", "integer", (column) => column.notNull())
      .addColumn("updated_at", "integer", (column) => column.notNull())
      .execute();
    // A username is unique among the live sub-users of one organisation; a deleted one frees it.
    await db.schema
      .createIndex("sub_users_live_username")
      .on("sub_users")
      .columns(["account_id", "username"])
      .unique()
      .where(sql.ref("deleted"), "=", 0)
      .execute();

    await db.schema
      .createTable("demo_credentials")
      .addColumn("account_id", "text", (column) => column.primaryKey().references("accounts.id"))
      .addColumn("username", "text", (column) => column.notNull())
      .addColumn("password", "text", (column) => column.notNull())
      .addColumn("service_user_id", "text", (column) => column.notNull())
      .execute();

    await db.schema
      .createTable("products")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("account_id", "text", (column) => column.notNull())
      .addColumn("deleted", "integer", (column) => column.notNull())
      .addColumn("active", "integer", (column) => column.notNull())
      .addColumn("type", "text", (column) => column.notNull())
      .addColumn("product_group", "text")
      .addColumn("created_at", "integer", (column) => column.notNull())
      .addColumn("updated_at", "integer", (column) => column.notNull())
      .addColumn("body", "text", (column) => column.notNull())
      .execute();
    // The list walks (account, deleted, cursor field, id) in order: these make each page an index range.
    await db.schema
      .createIndex("products_by_updated")
      .on("products")
      .columns(["account_id", "deleted", "updated_at", "id"])
      .execute();
    await db.schema
      .createIndex("products_by_created")
      .on("products")
      .columns(["account_id", "deleted", "created_at", "id"])
      .execute();

    await db.schema
      .createTable("product_codes")
      .addColumn("product_id", "text", (column) => column.notNull().references("products.id"))
      .addColumn("account_id", "text", (column) => column.notNull())
      .addColumn("code", "text", (column) => column.notNull())
      .addPrimaryKeyConstraint("product_codes_pk", ["product_id", "code"])
      .execute();
    await db.schema
      .createIndex("product_codes_by_code")
      .on("product_codes")
      .columns(["account_id", "code"])
      .execute();
  },
};

/**
 * API keys rest on disk as SHA-256 digests (base64url) only. The demo accounts' plain keys move to
 * demo_credentials, which exists to print them on the ready line.
 */
const hashedApiKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE demo_credentials ADD COLUMN api_key TEXT`.execute(db);
    await sql`UPDATE demo_credentials SET api_key =
      (SELECT api_key FROM sub_users WHERE sub_users.id = demo_credentials.service_user_id)`.execute(db);
    const keyed = await sql<{ id: string; api_key: string }>`
      SELECT id, api_key FROM sub_users WHERE api_key IS NOT NULL`.execute(db);
    for (const row of keyed.rows) {
      // Written out here rather than imported, so this migration stays what it was whatever changes later.
      const digest = createHash("sha256").update(row.api_key).digest("base64url");
      await sql`UPDATE sub_users SET api_key = ${digest} WHERE id = ${row.id}`.execute(db);
    }
    await sql`ALTER TABLE sub_users RENAME COLUMN api_key TO api_key_digest`.execute(db);
  },
};

/** Favourite sets, the one resource besides products and sub-users that a caller can write. */
const favourites: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("favourites")
      .addColumn("account_id", "text", (column) => column.notNull())
      .addColumn("id", "text", (column) => column.notNull())
      .addColumn("created_at", "integer", (column) => column.notNull())
      .addColumn("updated_at", "integer", (column) => column.notNull())
      .addColumn("body", "text", (column) => column.notNull())
      .addPrimaryKeyConstraint("favourites_pk", ["account_id", "id"])
      .execute();
  },
};

export const sqliteMigrations: Readonly<Record<string, Migration>> = {
  "0001_initial_schema": initialSchema,
  "0002_hashed_api_keys": hashedApiKeys,
  "0003_favourites": favourites,
  "0004_node_state": nodeStateSchema,
};
