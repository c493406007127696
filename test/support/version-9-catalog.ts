// A catalog file as version 9 of the schema (the app before it kept the shelf labels) left it: made
// from a file the current store wrote, rewound to version 10, with what migration 10 added removed.
import Database from "better-sqlite3";
import { rewindToVersion10 } from "./version-10-catalog.ts";

export function rewindToVersion9(file: string): void {
  rewindToVersion10(file);
  const db = new Database(file);
  try {
    db.exec("DROP TABLE shelf_seen; DROP TABLE shelf_printed;");
    db.pragma("user_version = 9");
  } finally {
    db.close();
  }
}
