// A catalog file as version 9 of the schema (the app before it kept the shelf labels) left it: made
// from a file the current store wrote, with what migration 10 added removed.
import Database from "better-sqlite3";

export function rewindToVersion9(file: string): void {
  const db = new Database(file);
  try {
    db.exec("DROP TABLE shelf_seen; DROP TABLE shelf_printed;");
    db.pragma("user_version = 9");
  } finally {
    db.close();
  }
}
