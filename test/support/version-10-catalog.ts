// A catalog file as version 10 of the schema (the app before the status counted inactive products
// from an index of them alone) left it: made from a file the current store wrote, with the index on
// every live product's active flag back in place of migration 11's.
import Database from "better-sqlite3";

export function rewindToVersion10(file: string): void {
  const db = new Database(file);
  try {
    db.exec(`
      DROP INDEX products_inactive;
      CREATE INDEX products_active ON products (active) WHERE deleted = 0;
    `);
    db.pragma("user_version = 10");
  } finally {
    db.close();
  }
}
