// A count read again only once the database changed: against real SQLite files in WAL mode, written
// by another connection (as the sync and picture workers do) and by the reading connection itself.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, it } from "vitest";
import { untilChanged } from "../../../src/core/storage/unchanged-reads.ts";

const opened: Database.Database[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function twoConnections() {
  const dir = mkdtempSync(join(tmpdir(), "unchanged-reads-"));
  dirs.push(dir);
  const file = join(dir, "counts.sqlite");
  const writer = new Database(file);
  writer.pragma("journal_mode = WAL");
  writer.exec("CREATE TABLE items (id INTEGER PRIMARY KEY)");
  const reader = new Database(file);
  opened.push(writer, reader);
  let reads = 0;
  const count = untilChanged(reader, () => {
    reads += 1;
    return reader.prepare("SELECT count(*) FROM items").pluck().get() as number;
  });
  return { writer, reader, count, reads: () => reads };
}

it("answers from memory while nothing was committed", () => {
  const { count, reads } = twoConnections();
  expect(count()).toBe(0);
  expect(count()).toBe(0);
  expect(count()).toBe(0);
  expect(reads()).toBe(1);
});

it("reads again once another connection committed", () => {
  const { writer, count, reads } = twoConnections();
  expect(count()).toBe(0);
  writer.prepare("INSERT INTO items DEFAULT VALUES").run();
  expect(count()).toBe(1);
  writer.transaction(() => {
    for (let i = 0; i < 5; i++) writer.prepare("INSERT INTO items DEFAULT VALUES").run();
  })();
  expect(count()).toBe(6);
  expect(reads()).toBe(3);
});

it("reads again once the reading connection itself wrote", () => {
  const { reader, count } = twoConnections();
  expect(count()).toBe(0);
  reader.prepare("INSERT INTO items DEFAULT VALUES").run();
  expect(count()).toBe(1);
  reader.prepare("DELETE FROM items").run();
  expect(count()).toBe(0);
});
