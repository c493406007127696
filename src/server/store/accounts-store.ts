// Client accounts (organisations): the top-level owners of sub-users and products.
import type { Selectable } from "kysely";
import type { AccountsTable, ServiceDatabase } from "./database.ts";

export type AccountRow = Selectable<AccountsTable>;

export function insertAccount(db: ServiceDatabase, account: AccountRow): Promise<unknown> {
  return db.insertInto("accounts").values(account).execute();
}

export function findAccountByName(db: ServiceDatabase, name: string): Promise<AccountRow | undefined> {
  return db.selectFrom("accounts").selectAll().where("name", "=", name).executeTakeFirst();
}

/** Paths name an account by its UUID or, for accounts that have one, by its legacy id. */
export function findAccount(db: ServiceDatabase, idOrLegacyId: string): Promise<AccountRow | undefined> {
  return db
    .selectFrom("accounts")
    .selectAll()
    .where((eb) => eb.or([eb("id", "=", idOrLegacyId), eb("legacy_id", "=", idOrLegacyId)]))
    .executeTakeFirst();
}

export async function hasAnyAccount(db: ServiceDatabase): Promise<boolean> {
  return (await db.selectFrom("accounts").select("id").limit(1).executeTakeFirst()) !== undefined;
}
