// The CLI contract, run as a real child process against the reference service over loopback.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningService, startService } from "../../src/server/service.ts";
import type { Product } from "../../src/shared/api/product.ts";
import { withCheckDigit } from "../../src/shared/barcode/gtin.ts";
import { searchText } from "../../src/shared/catalog/search-text.ts";
import { demoLoginArgs, runCli } from "../support/cli-process.ts";
import { plainProducts } from "../support/demo-products.ts";
import { adminApi, tempDir } from "../support/service-fixtures.ts";

let service: RunningService;
let dir: Awaited<ReturnType<typeof tempDir>>;
let live: Product[];
const cli = (...args: string[]) => runCli(["--data-dir", dir.path, ...args]);
const loginArgs = () => demoLoginArgs({ ...service.demo, password: undefined });
const find = (wanted: (product: Product) => boolean) => {
  const product = live.find(wanted);
  if (product === undefined) throw new Error("the demo catalog lacks an example product");
  return product;
};

beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 800, seed: 12 });
  dir = await tempDir();
  live = await (await adminApi(service)).liveRecords();
});
afterAll(async () => {
  await service.close();
  await dir.remove();
});

describe("signing in and syncing", () => {
  it("refuses a wrong password in plain words, without echoing it", async () => {
    const result = await cli(...loginArgs(), "--password", "not-the-password-123");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("The organisation, username or password is not right.");
    expect(result.stdout + result.stderr).not.toContain("not-the-password-123");
  });

  it("signs in with the password from CATALOG_PASSWORD and reports an empty catalog", async () => {
    const login = await runCli(["--data-dir", dir.path, ...loginArgs()], {
      CATALOG_PASSWORD: service.demo.password,
    });
    expect(login.code).toBe(0);
    expect(login.stdout).toContain("Signed in to Demo Store");
    expect(login.stdout).not.toContain(service.demo.password);
    const status = JSON.parse((await cli("status", "--json")).stdout);
    expect(status).toMatchObject({ products: 0, lastSyncAt: null, serverTotal: null });
    expect(Date.parse(status.tokenExpiresAt)).toBeGreaterThan(Date.now());
  });

  it("syncs with progress on stderr and reports the count agreeing with the service", async () => {
    const result = await cli("sync", "--page-size", "200");
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/products/);
    const status = JSON.parse((await cli("status", "--json")).stdout);
    expect(status).toMatchObject({ products: live.length, serverTotal: live.length, mismatch: false });
    expect(Number.isNaN(Date.parse(status.lastSyncAt))).toBe(false);
  });
});

describe("lookup --json", () => {
  it("gives a standard product exactly as the service sent it, with no parent or variants", async () => {
    const product = find((p) => p.type === "product" && /^[3-9]\d{12}$/.test(p.barcode ?? ""));
    const result = await cli("lookup", product.barcode as string, "--json");
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout);
    expect(answer).toMatchObject({
      query: product.barcode,
      match: { parent: null, variants: [] },
      reason: null,
    });
    expect(answer.match.product).toEqual(product);
    expect(answer.code).toMatchObject({ kind: "ean13", checkDigit: "valid" });
  });

  it("gives a variant with its parent and every live variant of that parent", async () => {
    const variant = find((p) => p.type === "variant" && p.barcode !== null);
    const answer = JSON.parse((await cli("lookup", variant.barcode as string, "--json")).stdout);
    expect(answer.match.product).toEqual(variant);
    expect(answer.match.parent).toEqual(live.find((p) => p.id === variant.parent));
    const siblings = live.filter((p) => p.parent === variant.parent).map((p) => p.id);
    expect(answer.match.variants.map((p: Product) => p.id).sort()).toEqual(siblings.sort());
  });

  it("finds a UPC-A code by its EAN-13 form", async () => {
    const product = find((p) => /^\d{12}$/.test(p.barcode ?? ""));
    const answer = JSON.parse((await cli("lookup", `0${product.barcode}`, "--json")).stdout);
    expect(answer.match.product.id).toBe(product.id);
  });

  it("finds the weighed product of a scale label and returns the weight", async () => {
    const product = find((p) => p.barcode?.startsWith("21") ?? false);
    const label = withCheckDigit(`${(product.barcode as string).slice(0, 7)}01250`);
    const answer = JSON.parse((await cli("lookup", label, "--json")).stdout);
    expect(answer.match.product.id).toBe(product.id);
    expect(answer.code).toMatchObject({ kind: "variable-measure", weight: { value: 1.25, unit: "kg" } });
  });

  it("exits 1 with match null and says why for an unknown code and for a damaged one", async () => {
    const unknown = await cli("lookup", withCheckDigit("990000000001"), "--json");
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ match: null, reason: { kind: "unknown-code" } });
    const product = find((p) => /^[3-9]\d{12}$/.test(p.barcode ?? ""));
    const code = product.barcode as string;
    const damaged = `${code.slice(0, 12)}${(Number(code.at(-1)) + 1) % 10}`;
    const answer = JSON.parse((await cli("lookup", damaged, "--json")).stdout);
    expect(answer).toMatchObject({ match: null, reason: { kind: "invalid-check-digit" } });
  });
});

describe("what a scan loads", () => {
  it("loads no logger, zip maker or HTTP client for a lookup that logs nothing and asks no service", async () => {
    const product = find((p) => p.type === "product" && /^[3-9]\d{12}$/.test(p.barcode ?? ""));
    const listed = join(dir.path, "loaded-modules.txt");
    const result = await runCli(["--data-dir", dir.path, "lookup", product.barcode as string], {
      NODE_OPTIONS: `--import=${fileURLToPath(new URL("../support/loaded-modules.ts", import.meta.url))}`,
      LOADED_MODULES_FILE: listed,
    });
    expect(result.code).toBe(0);
    const loaded = readFileSync(listed, "utf8").split("\n");
    // The list is whole: the catalog's own SQLite is in it, and Node's own parts.
    expect(loaded.some((line) => line.includes("/better-sqlite3/"))).toBe(true);
    expect(loaded).toContain("NativeModule fs");
    // pino comes with the log file (pino-roll in it), fflate with a diagnostics zip, node:http with a
    // picture run and Node's fetch (undici) with a request to the service.
    const unwanted = /\/node_modules\/(pino|fflate)\/|^node:https?$|^NativeModule https?$|undici/u;
    expect(loaded.filter((line) => unwanted.test(line))).toEqual([]);
  });
});

describe("search and bad input", () => {
  it("searches by name without accents and honours --limit", async () => {
    const named = find((p) => p.name.startsWith("Crème") || p.name.includes("é"));
    const word = named.name.split(" ").find((w) => /[éè]/.test(w)) ?? named.name.split(" ")[0];
    const plain = (word as string).normalize("NFKD").replace(/\p{M}/gu, "");
    const result = await cli("search", plain, "--limit", "3", "--json");
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body.query).toBe(plain);
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBeLessThanOrEqual(3);
    expect(body.results[0].name.toLowerCase()).toContain((word as string).toLowerCase());
  });

  it("says in --json how many typos a row was forgiven, and which words they were taken for", async () => {
    const word = (p: Product) => searchText(p.name).split(" ")[0] ?? "";
    const named = find((p) => /^\p{L}{6,}$/u.test(word(p)) && word(p)[2] !== word(p)[3]);
    const right = word(named);
    // Two neighbours swapped in the middle: one typo.
    const typed = `${right.slice(0, 2)}${right[3]}${right[2]}${right.slice(4)}`;
    const forgiven = JSON.parse((await cli("search", typed, "--limit", "3", "--json")).stdout);
    expect(forgiven.results[0]).toMatchObject({ typos: 1, found: [right] });
    const exact = JSON.parse((await cli("search", right, "--limit", "3", "--json")).stdout);
    expect(exact.results[0]).toMatchObject({ typos: 0, found: [] });
  });

  it.each([
    [["lookup"], /Give the code/],
    [["sync", "--page-size", "0"], /--page-size must be a whole number/],
    [["search", "x", "--limit", "many"], /--limit must be a whole number/],
    [
      ["lookup", "123", "--colour", "red"],
      /^Unknown flag --colour\. The flags of this command are: --data-dir DIR, --json, --stream, --serial PATH\[:BAUD\]\./,
    ],
    [["frobnicate"], /Unknown command "frobnicate"/],
    [["constructor"], /Unknown command "constructor"/],
    [["__proto__"], /Unknown command "__proto__"/],
    [["login", "--base-url", "ftp://example"], /^--base-url needs an http:\/\/ or https:\/\/ address/],
    [["login", "--base-url", "example.com"], /^--base-url needs an http:\/\/ or https:\/\/ address/],
    [["demo", "--products", "1000001"], /--products must be a whole number from 50 to 1000000/],
  ])("%j exits 2 with a plain message", async (args, message) => {
    const result = await cli(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it("refuses a service address with a user name or password in it, without echoing them", async () => {
    for (const baseUrl of ["http://user:pw-secret@127.0.0.1:9", "http://user@127.0.0.1:9"]) {
      const result = await cli("login", "--base-url", baseUrl, "--account-id", "a", "--api-key", "k");
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /^--base-url needs an address without a user name or password in it, such as https:\/\/shop\.example\.com\.\nUsage: login /,
      );
      expect(result.stderr).not.toContain("pw-secret");
    }
  });
});

describe("without a connection", () => {
  it("keeps answering lookups and says plainly that the service cannot be reached", async () => {
    const offline = await startService({ port: 0, demoProducts: 100, seed: 12 });
    const other = await tempDir();
    try {
      const args = ["--data-dir", other.path];
      await runCli([...args, ...demoLoginArgs(offline.demo)]);
      expect((await runCli([...args, "sync"])).code).toBe(0);
      // A code the till learnt from that service, found again offline by a word of its name.
      const [scanned] = plainProducts(await (await adminApi(offline)).liveRecords(), 1) as [Product];
      await offline.close();
      const sync = await runCli([...args, "sync"]);
      expect(sync.code).toBe(2);
      expect(sync.stderr).toContain("Cannot reach the commerce service");
      const word = scanned.name.split(" ").find((part) => part.length > 3) as string;
      const known = (await runCli([...args, "search", word, "--json", "--limit", "50"])).stdout;
      const code = JSON.parse(known).results.find((p: Product) => p.id === scanned.id)?.barcode;
      expect(code).toBe(scanned.barcode);
      const lookup = await runCli([...args, "lookup", code]);
      expect(lookup.code).toBe(0);
      expect(lookup.stdout).toContain(code);
    } finally {
      await offline.close().catch(() => undefined);
      await other.remove();
    }
  });
});

describe("signing out and the demo", () => {
  it("forgets the session on logout but keeps the catalog readable, until asked to forget it too", async () => {
    const product = find((p) => p.type === "product" && /^[3-9]\d{12}$/.test(p.barcode ?? ""));
    expect((await cli("logout")).code).toBe(0);
    expect(JSON.parse((await cli("status", "--json")).stdout)).toMatchObject({
      signedIn: false,
      session: "signed-out",
      products: live.length,
    });
    const lookup = await cli("lookup", product.barcode as string);
    expect(lookup.code).toBe(0);
    expect(lookup.stdout).toContain(product.name);
    expect(lookup.stderr).toContain("signed out, so this catalog no longer syncs");
    const sync = await cli("sync");
    expect(sync.code).toBe(2);
    expect(sync.stderr).toContain("Sign in first");
    expect((await cli("logout", "--forget-catalog")).code).toBe(0);
    const gone = await cli("lookup", product.barcode as string);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain("There is no catalog on this till yet. Sign in once to download it.");
  });

  it("runs the whole main job in one command", async () => {
    const result = await runCli(["demo", "--products", "400"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Synced [\d,.\s]+ products/);
    expect(result.stdout).toContain("(a variant: its parent and siblings come with it)");
    expect(result.stdout).toContain("No product has the code");
    // One of each price a till of the demo's first branch meets, with its reason on the line.
    expect(result.stdout).toMatch(/^> branch 1 {2}\(this till is Berlin Mitte, one of the chain's shops: /m);
    expect(result.stdout).toMatch(/\(this branch's own price\)\n.* €[\d.]+ \(branch price[;)]/);
    expect(result.stdout).toMatch(/\(an offer running now.*\)\n.* €[\d.]+ \(offer until /);
    expect(result.stdout).toMatch(/\(an offer still to come.*\)\n.* €[\d.]+ \((branch price; )?offer from /);
    expect(result.stdout).toMatch(/\(quantity prices\)\n.*from 6: €[\d.]+ each/);
    expect(result.stdout).toMatch(/> search "/);
    // How a product is sold: one deposit, one bundle and one price entry.
    expect(result.stdout).toMatch(/\(a drink sold with its deposit.*\)\n.*\[with Pfand .*; to pay €[\d.]+\]/);
    expect(result.stdout).toMatch(/\(a bundle: .*\)\n.*\[bundle of \d+ × /);
    expect(result.stdout).toMatch(
      /\(a price the cashier enters.*\)\n.*\[enter the price, suggested €[\d.]+\]/,
    );
  });
});
