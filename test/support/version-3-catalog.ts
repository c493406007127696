// A catalog file as version 3 of the schema (the app before records were stored by shape) left it:
// made from a file the current store wrote, with every record put back as the JSON received, the
// shape column and table (and the later unusable_parts table, and what version 7 added) removed and the version set back. catalog-migrations.test.ts checks that
// its schema is the one migrations 1-3 create.
import Database from "better-sqlite3";
import { type IdentifiedRecord, recordDecoder } from "../../src/core/catalog/stored-records.ts";
import { rewindToVersion6 } from "./version-6-catalog.ts";

export function rewindToVersion3(file: string): void {
  rewindToVersion6(file);
  const db = new Database(file);
  try {
    const { product } = recordDecoder(db);
    const rows = db.prepare("SELECT seq, id, shape, record FROM products").all() as ({
      seq: number;
    } & IdentifiedRecord)[];
    const update = db.prepare("UPDATE products SET record = ? WHERE seq = ?");
    db.transaction(() => {
      for (const row of rows) update.run(JSON.stringify(product(row)), row.seq);
    })();
    db.exec(
      "ALTER TABLE products DROP COLUMN shape; DROP TABLE record_shapes; DROP TABLE unusable_parts; DROP TABLE branches; VACUUM;",
    );
    db.pragma("user_version = 3");
  } finally {
    db.close();
  }
}
