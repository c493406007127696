// A till's data folder made once per test file by the real CLI (signed in, maybe synced) and copied
// for each test that needs one, instead of a sign-in and a sync in every test: the copy holds the very
// files the CLI left (the SQLite catalog, the session, the secrets, the settings), and keeps their
// times of change, so the catalog's "checked" stamp (size and time) still holds as it did after the
// sync and the next CLI run treats the copy as the till it was.
import { cpSync } from "node:fs";

/** Copies the data folder `template` into `to` (made if missing, filled if it is an empty mount). */
export function copyTill(template: string, to: string): string {
  cpSync(template, to, { recursive: true, preserveTimestamps: true });
  return to;
}
