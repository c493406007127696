// The start script's database flag: a SQLite file, :memory: or a PostgreSQL URL, from --database (or
// its first name, --db) or else DATABASE_URL; a bad one is a one-line message.
import { describe, expect, it } from "vitest";
import { CliOptionError, parseCliOptions } from "../../src/server/cli-options.ts";

const url = "postgres://till@db.example:5432/catalog";

describe("the database flag", () => {
  it("keeps SQLite in memory by default", () => {
    expect(parseCliOptions([]).database).toBe(":memory:");
  });

  it.each([
    [["--database", "shop.db"], {}, "shop.db"],
    [["--db", "shop.db"], {}, "shop.db"],
    [["--database", url], {}, url],
    [[], { DATABASE_URL: url }, url],
    [["--database", "shop.db"], { DATABASE_URL: url }, "shop.db"],
    [[], { DATABASE_URL: "" }, ":memory:"],
  ])("reads %j with %j as %s", (args, env, database) => {
    expect(parseCliOptions(args, env).database).toBe(database);
  });

  it.each([
    [["--database", "a.db", "--db", "b.db"], /give one of them/],
    [["--database", ""], /needs a file/],
    [["--database", "postgres://till@db.example:port/catalog"], /does not parse/],
  ])("refuses %j", (args, message) => {
    expect(() => parseCliOptions(args)).toThrow(CliOptionError);
    expect(() => parseCliOptions(args)).toThrow(message);
  });
});
