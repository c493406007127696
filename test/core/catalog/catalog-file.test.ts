import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogFileFor } from "../../../src/core/catalog/catalog-store.ts";
import { tempCatalogs } from "../../support/temp-catalogs.ts";

const temp = tempCatalogs();

describe("catalogFileFor", () => {
  it("puts one file per account under <dataDir>/catalogs", () => {
    expect(catalogFileFor("/data", "0123abcd-ef")).toBe(join("/data", "catalogs", "0123abcd-ef.sqlite"));
  });

  it("writes any other character so that no two accounts share a file", () => {
    const keys = ["a/b", "a_b", "A", "a", "../x", "é", "", "a b"];
    const names = keys.map((key) => catalogFileFor("/data", key));
    expect(new Set(names).size).toBe(keys.length);
    for (const name of names) expect(dirname(name)).toBe(join("/data", "catalogs"));
  });

  it("leaves the directories to openCatalogStore, which creates them", async () => {
    const file = catalogFileFor(dirname(temp.file()), "acct");
    expect(existsSync(dirname(file))).toBe(false);
    await temp.open(file);
    expect(existsSync(file)).toBe(true);
  });
});
