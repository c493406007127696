// Records set aside by an older version, taken back once they can be read. Versions before the
// per-part reading (product-reading.ts) refused a whole product for one part they could not use (a
// code whose data is null, a child summary without an id); the service will not send them again
// until they change, so the quarantine itself is read again.
import type { Database } from "better-sqlite3";
import { readProduct } from "../api/product-reading.ts";
import type { ReceivedProduct } from "../products-page.ts";

/** The quarantined records that can now be held, removed from the quarantine (in the caller's transaction). */
export function readmitQuarantined(db: Database): ReceivedProduct[] {
  const rows = db
    .prepare<[], { seq: number; raw: string }>("SELECT seq, raw FROM quarantine ORDER BY seq")
    .all();
  const release = db.prepare<[number]>("DELETE FROM quarantine WHERE seq = ?");
  const readmitted: ReceivedProduct[] = [];
  for (const { seq, raw } of rows) {
    const record: unknown = JSON.parse(raw);
    const reading = readProduct(record);
    if (!reading.held) continue;
    readmitted.push({
      product: reading.product,
      raw: record as Record<string, unknown>,
      unusable: reading.unusable,
    });
    release.run(seq);
  }
  return readmitted;
}
