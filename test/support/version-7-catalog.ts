// A catalog file as version 7 of the schema (the app before it kept the reference data and each
// product's group) left it: made from a file the current store wrote, with what migration 8 added removed.
import Database from "better-sqlite3";
import { rewindToVersion8 } from "./version-8-catalog.ts";

export function rewindToVersion7(file: string): void {
  rewindToVersion8(file);
  const db = new Database(file);
  try {
    db.exec(`
      DROP INDEX products_group_name;
      ALTER TABLE products DROP COLUMN group_id;
      DROP TABLE reference_records;
      DROP TABLE reference_lists;
      DROP TABLE group_counts;
    `);
    db.pragma("user_version = 7");
  } finally {
    db.close();
  }
}
