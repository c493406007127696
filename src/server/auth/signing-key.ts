// The HMAC secret tokens are signed with: random per database and kept in it, so tokens survive restarts.
import { randomBytes } from "node:crypto";
import type { ServiceDatabase } from "../store/database.ts";

const settingKey = "token_signing_key";

export async function loadSigningKey(db: ServiceDatabase): Promise<Buffer> {
  await db
    .insertInto("settings")
    .values({ key: settingKey, value: randomBytes(32).toString("base64") })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", settingKey)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, "base64");
}
