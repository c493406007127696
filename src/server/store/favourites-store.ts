// Favourite sets as stored: the wire JSON text of each, per account.

import type { FavouriteRecord } from "../http/favourite-records.ts";
import type { ServiceDatabase } from "./database.ts";

function row(accountId: string, record: FavouriteRecord) {
  return {
    account_id: accountId,
    id: record.id,
    created_at: Date.parse(record.created_at),
    updated_at: Date.parse(record.updated_at),
    body: JSON.stringify(record),
  };
}

export async function insertFavourites(
  db: ServiceDatabase,
  accountId: string,
  records: readonly FavouriteRecord[],
): Promise<void> {
  if (records.length === 0) return;
  await db
    .insertInto("favourites")
    .values(records.map((record) => row(accountId, record)))
    .execute();
}

export async function replaceFavourite(
  db: ServiceDatabase,
  accountId: string,
  record: FavouriteRecord,
): Promise<void> {
  const { account_id, id, ...columns } = row(accountId, record);
  await db
    .updateTable("favourites")
    .set(columns)
    .where("account_id", "=", account_id)
    .where("id", "=", id)
    .execute();
}

/** Every set of the account; a shop has a handful, so paging happens in memory (listed-records.ts). */
export async function listFavourites(db: ServiceDatabase, accountId: string): Promise<FavouriteRecord[]> {
  const rows = await db.selectFrom("favourites").select("body").where("account_id", "=", accountId).execute();
  return rows.map((found) => JSON.parse(found.body) as FavouriteRecord);
}

export async function findFavourite(
  db: ServiceDatabase,
  accountId: string,
  id: string,
): Promise<FavouriteRecord | undefined> {
  const found = await db
    .selectFrom("favourites")
    .select("body")
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .executeTakeFirst();
  return found === undefined ? undefined : (JSON.parse(found.body) as FavouriteRecord);
}
