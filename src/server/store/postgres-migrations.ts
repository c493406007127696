// PostgreSQL's schema migrations: the same tables as SQLite's (sqlite-migrations.ts) at their latest
// shape, with PostgreSQL's types: epoch-ms columns are BIGINT (SQLite's INTEGER is 64 bits, PostgreSQL's
// 32), flags stay integers 0/1 as on SQLite, ids sort byte by byte (COLLATE "C"), as SQLite sorts
// them, whatever locale the cluster was made with, and a product's JSON stays in its row. A migration, once committed, is frozen.
import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { nodeStateSchema } from "./node-state-schema.ts";

const ordered = sql`text COLLATE "C"`;

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
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .execute();

    await db.schema
      .createTable("sub_users")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("account_id", "text", (column) => column.notNull().references("accounts.id"))
      .addColumn("username", "text")
      .addColumn("email", "text")
      .addColumn("password_hash", "text")
      .addColumn("api_key_digest", "text", (column) => column.unique())
      .addColumn("role", "text")
      .addColumn("scopes", "text")
      .addColumn("description", "text")
      .addColumn("firstname", "text")
      .addColumn("lastname", "text")
      .addColumn("locations", "text")
      .addColumn("active", "integer", (column) => column.notNull())
      .addColumn("blocked", "integer", (column) => column.notNull())
      .addColumn("deleted", "integer", (column) => column.notNull())
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("updated_at", "bigint", (column) => column.notNull())
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
      .addColumn("api_key", "text")
      .execute();

    await db.schema
      .createTable("products")
      .addColumn("id", ordered, (column) => column.primaryKey())
      .addColumn("account_id", "text", (column) => column.notNull())
      .addColumn("deleted", "integer", (column) => column.notNull())
      .addColumn("active", "integer", (column) => column.notNull())
      .addColumn("type", "text", (column) => column.notNull())
      .addColumn("product_group", "text")
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("updated_at", "bigint", (column) => column.notNull())
      .addColumn("body", "text", (column) => column.notNull())
      // A record (2-3 KB of JSON) stays in its row, uncompressed: PostgreSQL would otherwise compress and
      // move out of line every row over 2 KB, and a page of a thousand would pay a thousand look-ups
      // and decompressions.
      .modifyEnd(sql`WITH (toast_tuple_target = 8160)`)
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
      .addColumn("product_id", ordered, (column) => column.notNull().references("products.id"))
      .addColumn("account_id", "text", (column) => column.notNull())
      .addColumn("code", "text", (column) => column.notNull())
      .addPrimaryKeyConstraint("product_codes_pk", ["product_id", "code"])
      .execute();
    await db.schema
      .createIndex("product_codes_by_code")
      .on("product_codes")
      .columns(["account_id", "code"])
      .execute();

    await db.schema
      .createTable("favourites")
      .addColumn("account_id", "text", (column) => column.notNull())
      .addColumn("id", ordered, (column) => column.notNull())
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("updated_at", "bigint", (column) => column.notNull())
      .addColumn("body", "text", (column) => column.notNull())
      .addPrimaryKeyConstraint("favourites_pk", ["account_id", "id"])
      .execute();
  },
};

export const postgresMigrations: Readonly<Record<string, Migration>> = {
  "0001_initial_schema": initialSchema,
  "0002_node_state": nodeStateSchema,
};
