// Sub-users of an account. "Live" means not deleted; deletion is soft so ids stay unique forever.
import type { Insertable, Selectable, Updateable } from "kysely";
import { apiKeyDigest } from "../auth/api-keys.ts";
import type { ServiceDatabase, SubUsersTable } from "./database.ts";

export type SubUserRow = Selectable<SubUsersTable>;

export function insertUser(db: ServiceDatabase, row: Insertable<SubUsersTable>): Promise<unknown> {
  return db.insertInto("sub_users").values(row).execute();
}

export function updateUser(
  db: ServiceDatabase,
  id: string,
  changes: Updateable<SubUsersTable>,
): Promise<unknown> {
  return db.updateTable("sub_users").set(changes).where("id", "=", id).execute();
}

export function findUser(
  db: ServiceDatabase,
  accountId: string,
  id: string,
): Promise<SubUserRow | undefined> {
  return db
    .selectFrom("sub_users")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export function findLiveUserByUsername(
  db: ServiceDatabase,
  accountId: string,
  username: string,
): Promise<SubUserRow | undefined> {
  return db
    .selectFrom("sub_users")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("username", "=", username)
    .where("deleted", "=", 0)
    .executeTakeFirst();
}

export function findLiveUserByApiKey(
  db: ServiceDatabase,
  accountId: string,
  apiKey: string,
): Promise<SubUserRow | undefined> {
  return db
    .selectFrom("sub_users")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("api_key_digest", "=", apiKeyDigest(apiKey))
    .where("deleted", "=", 0)
    .executeTakeFirst();
}

export function listLiveUsers(db: ServiceDatabase, accountId: string): Promise<SubUserRow[]> {
  return db
    .selectFrom("sub_users")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("deleted", "=", 0)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** May this sub-user log in and use its tokens? */
export function canSignIn(row: SubUserRow): boolean {
  return row.deleted === 0 && row.blocked === 0 && row.active === 1;
}
