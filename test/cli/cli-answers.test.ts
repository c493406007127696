// The CLI speaks plainly: its own words for every flag mistake, help and version asked for in any
// usual way, local times and one number format for people (ISO in --json), product kinds in
// people's words, an API-key sign-in greeted by name, counts explained, and a moved service followed.
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningService, startService } from "../../src/server/service.ts";
import { demoLoginArgs, runCli } from "../support/cli-process.ts";
import { tempDir } from "../support/service-fixtures.ts";

const cliPath = fileURLToPath(new URL("../../src/cli/start.mjs", import.meta.url));
let service: RunningService;
let dir: Awaited<ReturnType<typeof tempDir>>;
// A fixed locale and zone, so the expected local forms can be worked out here.
const people = { LC_ALL: "en_GB.UTF-8", TZ: "Europe/Lisbon" };
const cli = (...args: string[]) => runCli(["--data-dir", dir.path, ...args], people);
const localTime = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Europe/Lisbon",
  }).format(new Date(iso));

beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 1500, seed: 21 });
  dir = await tempDir();
});
afterAll(async () => {
  await service.close();
  await dir.remove();
});

describe("help and version", () => {
  it.each([["--help"], ["-h"], ["help"], ["status", "--help"], ["help", "sync"], ["search", "-h"]])(
    "%j prints help on stdout and exits 0",
    async (...args) => {
      const result = await cli(...args);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Usage: npm run catalog -- \[--data-dir DIR\]/);
      expect(result.stderr).toBe("");
    },
  );

  it.each([["--version"], ["sync", "--version"], ["--version", "sync"], ["status", "--json", "--version"]])(
    "%j prints the version and exits 0",
    async (...args) => {
      const result = await cli(...args);
      expect(result).toMatchObject({ code: 0, stdout: "pos-catalog 0.1.0\n", stderr: "" });
    },
  );

  it("after -- a --help or --version is a value to look up, not a question", async () => {
    for (const flag of ["--help", "--version"]) {
      const result = await cli("lookup", "--", flag);
      // Not found, or no catalog yet: either way an answer to a lookup.
      expect(result.code).not.toBe(0);
      expect(result.stdout + result.stderr).not.toMatch(/Usage:|pos-catalog 0\.1\.0/);
    }
  });

  it("no command at all is a usage error on stderr", async () => {
    const result = await cli();
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Give a command\.\nUsage:/);
  });

  it("an unknown flag and no command names the flag first", async () => {
    const result = await cli("--colour");
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Unknown flag --colour\. Give a command\.\nUsage:/);
  });
});

describe("started with too old a Node", () => {
  // The system's own Node, where the machine has one older than the CLI needs.
  const systemNode = "/usr/bin/node";
  const version = existsSync(systemNode)
    ? execFileSync(systemNode, ["-p", "process.versions.node"], { encoding: "utf8" }).trim()
    : null;
  const [major = 0, minor = 0] = (version ?? "").split(".").map(Number);
  const tooOld = version !== null && (major < 22 || (major === 22 && minor < 18));

  it.runIf(tooOld)("says in one line which Node it needs, and exits 2", async () => {
    const child = spawn(systemNode, [cliPath, "status"], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const [code] = await once(child, "close");
    expect(code).toBe(2);
    expect(stderr).toMatch(/^The catalog CLI needs Node 22\.18 or newer; this is Node v[\d.]+\. [^\n]*\n$/);
    expect(stderr).toContain("npm run catalog");
  });
});

describe("flag mistakes in the CLI's own words", () => {
  it.each([
    [
      ["search", "x", "--colour"],
      "Unknown flag --colour. The flags of this command are: --data-dir DIR, --limit N, --json.",
    ],
    [["status", "-x"], "Unknown flag -x. The flags of this command are: --data-dir DIR, --json."],
    [["search", "x", "--limit"], "--limit needs a value right after it, e.g. --limit N."],
    [
      ["login", "--base-url", "--organisation", "o"],
      "--base-url needs a value right after it, e.g. --base-url URL.",
    ],
    [["status", "--json=yes"], '--json is a switch and takes no value ("yes").'],
    [["lookup", "1", "2"], 'Unexpected "2": give just one value, in quotes if it has spaces.'],
    [["status", "now"], 'This command takes only flags, and "now" is not one.'],
    [["search", ""], "Give the text to search for."],
    [["search", "  "], "Give the text to search for."],
  ])("%j", async (args, message) => {
    const result = await cli(...args);
    expect(result.code).toBe(2);
    expect(result.stderr.startsWith(message)).toBe(true);
    expect(result.stderr).toContain("\nUsage: ");
    expect(result.stderr).not.toMatch(/option|positional|parseArgs|ERR_/i);
  });
});

describe("a till's session, told plainly", () => {
  it("greets an API-key sign-in by the key's description, not an id", async () => {
    const result = await cli(
      "login",
      "--base-url",
      service.baseUrl,
      "--account-id",
      service.demo.accountId,
      "--api-key",
      service.demo.apiKey,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Signed in to Demo Store as the API key "[^"]+" until /);
    expect(result.stdout).not.toMatch(/as [0-9a-f-]{36}/);
  });

  it("refuses an empty password without asking the service", async () => {
    const result = await cli(...demoLoginArgs({ ...service.demo, password: "" }));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^The password cannot be empty\. Type it to sign in\./);
  });

  it("explains the counts of a sync, in one number format, and shows local times", async () => {
    expect((await cli(...demoLoginArgs(service.demo))).code).toBe(0);
    const sync = await cli("sync");
    expect(sync.code).toBe(0);
    const status = JSON.parse((await cli("status", "--json")).stdout);
    const products = new Intl.NumberFormat("en-GB").format(status.products);
    expect(sync.stdout).toContain(`finished: ${products} products in the local catalog.`);
    expect(sync.stdout).toMatch(
      /Received [\d,]+ records in \d+ pages: [\d,]+ current products and [\d,]+ deletions \(deleted products are removed from the catalog, not kept\)\./,
    );
    expect(status.lastSyncAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const text = (await cli("status")).stdout;
    expect(text).toContain(`Last sync: ${localTime(status.lastSyncAt)}`);
    expect(text).toContain(`Signed in until ${localTime(status.tokenExpiresAt)}; the catalog syncs.`);
    expect(text).toContain(`Products in the local catalog: ${products} (`);
    expect(text).not.toMatch(/\d{4}-\d\d-\d\dT/);
  });

  it("shows product kinds in people's words", async () => {
    const result = await cli("search", "a", "--limit", "200");
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/variant_product|composed_product|tip_owner|tip_employee/);
    expect(result.stdout).toMatch(/\((product|variant|product with variants|voucher);/);
  });

  it("follows the service to a new address with login --base-url alone, keeping the catalog", async () => {
    const dbDir = await tempDir();
    const database = join(dbDir.path, "service.sqlite");
    const first = await startService({ port: 0, database, demoProducts: 60, seed: 4 });
    const data = await tempDir();
    const own = (...args: string[]) => runCli(["--data-dir", data.path, ...args], people);
    expect((await own(...demoLoginArgs({ ...first.demo, baseUrl: first.baseUrl }))).code).toBe(0);
    expect((await own("sync")).code).toBe(0);
    await first.close();
    const moved = await startService({ port: 0, database });
    const result = await own("login", "--base-url", moved.baseUrl);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `The service is now reached at ${moved.baseUrl}. Still signed in; the catalog is kept.`,
    );
    expect((await own("sync")).code).toBe(0);
    expect(JSON.parse((await own("status", "--json")).stdout)).toMatchObject({
      session: "signed-in",
      mismatch: false,
    });
    await moved.close();
    await data.remove();
    await dbDir.remove();
  });
});

describe("the demo explains its counts", () => {
  it("says how many generated products are deleted and not kept", async () => {
    // 1,000: the smallest count the line writes with a thousands separator, its number format.
    const result = await runCli(["demo", "--products", "1000"], people);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /The demo generated 1,000, of which [\d,]+ are deleted: a till removes deleted products, so [\d,]+ live ones are kept/,
    );
    expect(result.stdout).toMatch(/Signed in until \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d\./);
    expect(result.stdout).toContain("to charge: €");
  });
});
