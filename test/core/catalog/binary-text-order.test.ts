// Property: text sorted in memory comes out in the order SQLite's ORDER BY gives the same text, over
// any code points: characters above U+FFFF beside those of U+E000-U+FFFF, prefixes, empty text.
import Database from "better-sqlite3";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { compareBinaryText } from "../../../src/core/catalog/binary-text-order.ts";

const db = new Database(":memory:");
afterAll(() => db.close());
const sqliteOrder = db.prepare<[string], { text: string }>(
  "SELECT value AS text FROM json_each(?) ORDER BY value",
);

const text = fc.oneof(
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: fc.constantFrom("a", "b", "\u00e9", "\ue000", "\uffff", "\u{10000}", "\u{1f600}") }),
);

describe("compareBinaryText", () => {
  it("sorts as SQLite's BINARY collation does", () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 12 }), (texts) => {
        const ours = [...texts].sort(compareBinaryText);
        const sqlite = sqliteOrder.all(JSON.stringify(texts)).map((row) => row.text);
        expect(ours).toEqual(sqlite);
      }),
      { numRuns: 500 },
    );
  });

  it("puts a character above U+FFFF after U+FFFF, where JavaScript's < puts it before", () => {
    expect(compareBinaryText("\u{1f600}", "\uffff")).toBeGreaterThan(0);
    expect("\u{1f600}" < "\uffff").toBe(true);
  });
});
