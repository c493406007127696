// A product the upstream's schema calls valid, with a code whose data is null and a child summary
// without an id: the CLI syncs it from a service over loopback, finds it by its other codes, and
// `status` and `check --json` name what was left out.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runCli } from "../support/cli-process.ts";
import { type ModelUpstream, startModelUpstream } from "../support/model-upstream.ts";
import { product } from "../support/product-records.ts";
import { tempDir } from "../support/service-fixtures.ts";

vi.setConfig({ testTimeout: 60_000 });

const id = "7d3f0c4e-1b2a-4c5d-8e9f-0a1b2c3d4e5f";
const record = {
  ...product({ id, name: "Apfelschorle 0,5 l", barcode: "4000000000017" }),
  codes: [
    { data: null, type: "ean13", caption: "old label" },
    { data: "40000024", type: "ean8", caption: null },
  ],
  children: [{ name: "Summary without id", barcodes: ["4000000000031"] }],
};

let upstream: ModelUpstream;
let dir: Awaited<ReturnType<typeof tempDir>>;
const cli = (...args: string[]) => runCli(["--data-dir", dir.path, ...args]);

beforeAll(async () => {
  upstream = await startModelUpstream([{ id, updatedAt: Date.UTC(2026, 0, 1), deleted: false, record }]);
  dir = await tempDir();
});
afterAll(async () => {
  await upstream.close();
  await dir.remove();
});

describe("a product with parts the till cannot use", () => {
  it("is kept, found by its other codes, counted by status and listed by check --json", async () => {
    const login = await cli(
      "login",
      "--base-url",
      upstream.baseUrl,
      "--account-id",
      "acct",
      "--api-key",
      "k",
    );
    expect(login.code, login.stderr).toBe(0);
    const sync = await cli("sync", "--json");
    expect(sync.code, sync.stderr).toBe(0);
    expect(JSON.parse(sync.stdout)).toMatchObject({ received: 1, rejected: 0 });

    for (const code of ["4000000000017", "40000024"]) {
      const lookup = await cli("lookup", code);
      expect(lookup.code, lookup.stderr).toBe(0);
      expect(lookup.stdout).toContain("Apfelschorle 0,5 l");
    }

    const status = await cli("status", "--json");
    expect(JSON.parse(status.stdout)).toMatchObject({ products: 1, quarantined: 0, withUnusableParts: 1 });
    expect((await cli("status")).stdout).toContain("1 product has parts the till cannot use");

    const check = await cli("check", "--json");
    expect(check.code, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout).withUnusableParts).toEqual([
      {
        id,
        name: "Apfelschorle 0,5 l",
        parts: ["codes[0]: a code without data", "children[0]: a child summary without id"],
      },
    ]);
    expect((await cli("check")).stdout).toContain("Apfelschorle 0,5 l: codes[0]: a code without data;");
  });
});
