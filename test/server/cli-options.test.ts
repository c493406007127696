// The start script's database flag: a SQLite file, :memory: or a PostgreSQL URL, from --database (or
// its first name, --db) or else DATABASE_URL; a bad one is a one-line message.
import { describe, expect, it } from "vitest";
import { CliOptionError, HelpRequested, parseCliOptions } from "../../src/server/cli-options.ts";

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

describe("the page cache flag", () => {
  it("keeps 64 MiB of pages by default, the amount asked for, or none with 0", () => {
    expect(parseCliOptions([]).pageCacheMb).toBe(64);
    expect(parseCliOptions(["--page-cache", "512"]).pageCacheMb).toBe(512);
    expect(parseCliOptions(["--page-cache", "0"]).pageCacheMb).toBe(0);
  });

  it.each([["-1"], ["1.5"], ["lots"], [""], ["16385"]])("refuses --page-cache %j in plain words", (value) => {
    expect(() => parseCliOptions([`--page-cache=${value}`])).toThrow(
      /--page-cache must be a whole number from 0 to 16384/,
    );
  });
});

describe("--help", () => {
  it("asks for the usage, which names every flag", () => {
    for (const flag of ["--help", "-h"]) {
      expect(() => parseCliOptions([flag])).toThrow(HelpRequested);
    }
    const usage = (() => {
      try {
        parseCliOptions(["--help"]);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const flag of ["--database", "--demo", "--rate-limit", "--public-url", "--page-cache"]) {
      expect(usage).toContain(flag);
    }
  });
});
