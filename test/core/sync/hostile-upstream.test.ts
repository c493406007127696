// The CLI's sync, as a real child process, against an upstream that misbehaves the ways an
// independent test found: cursors that go back, endless pages, an empty list that contradicts its own
// count, a cursor in the far future. The sync must always end, say plainly what is wrong, commit
// nothing it cannot trust, and never wipe the local catalog.
import { randomUUID } from "node:crypto";
import { cp } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { type CliResult, demoLoginArgs, runCliWithin } from "../../support/cli-process.ts";
import { type MisbehavingUpstream, startMisbehavingUpstream } from "../../support/misbehaving-upstream.ts";
import { adminApi, integrityCheck, localProducts, tempDir } from "../../support/service-fixtures.ts";

// Real child processes on a shared, busy machine: room for each to finish.
vi.setConfig({ testTimeout: 90_000 });

let service: RunningService;
let upstream: MisbehavingUpstream;
let admin: Awaited<ReturnType<typeof adminApi>>;
const dirs: Awaited<ReturnType<typeof tempDir>>[] = [];
/** Data folders the CLI signed in (and then synced) once for the file; each test works on a copy. */
let signedInTemplate: string;
let syncedTemplate: string;

beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 170, seed: 31 });
  upstream = await startMisbehavingUpstream(service.baseUrl);
  admin = await adminApi(service);
  // A CLI run costs a core about a second: the sign-in and first sync every test starts from are
  // made once here, by the same CLI against the same upstream, and copied.
  signedInTemplate = await newDir();
  const login = await cli(signedInTemplate, ...demoLoginArgs({ ...service.demo, baseUrl: upstream.baseUrl }));
  expect(login.code).toBe(0);
  syncedTemplate = await copyOf(signedInTemplate);
  expect((await cli(syncedTemplate, "sync", "--page-size", "50")).code).toBe(0);
});
afterEach(() => upstream.behave({}));
afterAll(async () => {
  await upstream.close();
  await service.close();
  for (const dir of dirs) await dir.remove();
});

/** Runs the CLI; a run that does not end within a minute is killed and shows as signal SIGKILL. */
const cli = (dataDir: string, ...args: string[]) => runCliWithin(60_000, ["--data-dir", dataDir, ...args]);

async function newDir(): Promise<string> {
  const dir = await tempDir();
  dirs.push(dir);
  return dir.path;
}

/** A copy of a data folder the CLI left (it has exited: its catalog file is closed). */
async function copyOf(template: string): Promise<string> {
  const dir = await newDir();
  await cp(template, dir, { recursive: true });
  return dir;
}

/** A till signed in through the upstream, with nothing synced yet. */
const signedInDir = () => copyOf(signedInTemplate);

/** A till signed in and synced, holding the service's catalog as it is now. */
async function syncedDir(): Promise<string> {
  const dataDir = await copyOf(syncedTemplate);
  expect(localProducts(dataDir, service.demo.accountId)).toEqual(await admin.liveProducts());
  return dataDir;
}

function expectPlainFailure(result: CliResult, message: RegExp): void {
  expect(result.signal).toBeNull();
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toContain("Something went wrong inside");
}

describe("a walk that always ends", () => {
  it("stops when the next cursor points back to the first page", async () => {
    const dataDir = await signedInDir();
    upstream.behave({
      query(_call, query) {
        query.delete("first");
        query.set("page", "0");
      },
    });
    const before = upstream.calls.length;
    const result = await cli(dataDir, "sync", "--page-size", "50");
    expectPlainFailure(result, /service sent .*again|did not move on/i);
    expect(upstream.calls.length - before).toBeLessThan(10);
  });

  it("stops on endless full pages of the same record, committing none of them", async () => {
    const dataDir = await signedInDir();
    upstream.behave({
      page(call, body) {
        const one = body.results[0] as Record<string, unknown>;
        return { ...body, count: call.size, results: Array.from({ length: call.size }, () => one) };
      },
    });
    const before = upstream.calls.length;
    const result = await cli(dataDir, "sync", "--page-size", "50");
    expectPlainFailure(result, /service sent .*again|did not move on|out of order/i);
    expect(upstream.calls.length - before).toBeLessThan(10);
    expect(localProducts(dataDir, service.demo.accountId).size).toBe(0);
  });
});

describe("a walk that always ends, without the service's count", () => {
  it("stops a stream of ever-new products when /meta cannot be read, within what the till knew", async () => {
    const dataDir = await syncedDir();
    const held = localProducts(dataDir, service.demo.accountId);
    let made = 0;
    const base = Date.now() + 1000;
    upstream.behave({
      count: () => Number.NaN,
      // Always the real first page (so `next` is there), its records replaced by new ones, each later.
      query(_call, query) {
        query.delete("first");
        query.set("page", "0");
      },
      page(call, body) {
        const template = body.results[0] as Record<string, unknown>;
        const results = Array.from({ length: call.size }, () => {
          const at = base + made++;
          const iso = new Date(at).toISOString();
          return {
            ...template,
            id: randomUUID(),
            updated_at: { iso, unix: at },
            barcode: null,
            barcodes: [],
          };
        });
        return { ...body, count: call.size, results };
      },
    });
    const result = await cli(dataDir, "sync", "--page-size", "100");
    expectPlainFailure(result, /kept sending products far more than the catalog holds/);
    // The till held 170 products: the walk gave up after that many and the margin, not thousands later.
    expect(made).toBeLessThan(held.size + 1000 + 500);
    expect(integrityCheck(dataDir, service.demo.accountId)).toBe("ok");
  });
});

describe("removal only with evidence", () => {
  it("keeps the local catalog when a full sync's list comes back empty but the count says otherwise", async () => {
    const dataDir = await syncedDir();
    const held = localProducts(dataDir, service.demo.accountId);
    upstream.behave({
      page: (_call, body) => ({
        ...body,
        count: 0,
        results: [],
        request: { ...body.request, cursor: { ...body.request.cursor, next: null } },
        cursor: { ...body.cursor, next: null },
      }),
    });
    const result = await cli(dataDir, "sync", "--full");
    expectPlainFailure(result, /nothing was removed/i);
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(held);
    upstream.behave({});
    const status = JSON.parse((await cli(dataDir, "status", "--json")).stdout);
    expect(status.products).toBe(held.size);
  });
});

describe("removal only with evidence, when the count swings", () => {
  it("removes nothing when the count changes far more during the walk than a shop changes", async () => {
    const dataDir = await syncedDir();
    const held = localProducts(dataDir, service.demo.accountId);
    let counted = 0;
    upstream.behave({
      // 170 at the start of the walk, 400 at its end: the difference would excuse a list of two.
      count: (deleted, count) => (deleted ? count : counted++ === 0 ? count : 400),
      page: (_call, body) => ({
        ...body,
        count: 2,
        results: body.results.slice(0, 2),
        request: { ...body.request, cursor: { ...body.request.cursor, next: null } },
        cursor: { ...body.cursor, next: null },
      }),
    });
    const result = await cli(dataDir, "sync", "--full");
    expectPlainFailure(result, /nothing was removed/i);
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(held);
  });
});

describe("no blind spot", () => {
  it("refuses a cursor in the far future, and later syncs still see every change", async () => {
    const dataDir = await syncedDir();
    const [renamed] = [...(await admin.liveProducts()).keys()] as string[];
    await admin.updateProduct(renamed as string, { name: "Renamed before the bad page" });
    upstream.behave({
      page(_call, body) {
        const next = body.request.cursor.next;
        if (next) next.updated_at = "9999-12-31T23:59:59.999Z";
        const last = body.results.at(-1);
        if (last)
          last.updated_at = { iso: "9999-12-31T23:59:59.999Z", unix: Date.parse("9999-12-31T23:59:59.999Z") };
        return body;
      },
    });
    const bad = await cli(dataDir, "sync", "--page-size", "50");
    expectPlainFailure(bad, /clock|future/i);
    upstream.behave({});
    const created = await admin.createProduct({
      name: "Created after the bad page",
      barcode: "4006381333931",
    });
    expect((await cli(dataDir, "sync", "--page-size", "50")).code).toBe(0);
    const local = localProducts(dataDir, service.demo.accountId);
    expect(local.has(created.id as string)).toBe(true);
    expect(local).toEqual(await admin.liveProducts());
    expect(integrityCheck(dataDir, service.demo.accountId)).toBe("ok");
  });

  it("heals a position left in the future by a service that also dated its clock there", async () => {
    // The test before changed the service since the synced copy was made: catch up first, so that the
    // bad sync below has nothing new to bring, as from a till synced just now.
    const dataDir = await copyOf(syncedTemplate);
    expect((await cli(dataDir, "sync", "--page-size", "50")).code).toBe(0);
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(await admin.liveProducts());
    const future = "9999-12-31T23:59:59.999Z";
    upstream.behave({
      date: () => new Date(future).toUTCString(),
      page(_call, body) {
        const next = body.request.cursor.next;
        if (next) next.updated_at = future;
        const last = body.results.at(-1);
        if (last) last.updated_at = { iso: future, unix: Date.parse(future) };
        return body;
      },
    });
    // The service's word against the service's word: this sync cannot tell, and takes it.
    await cli(dataDir, "sync", "--page-size", "50");
    upstream.behave({});
    const created = await admin.createProduct({
      name: "Created once the clock is honest",
      barcode: "4006381333948",
    });
    const [renamed] = [...(await admin.liveProducts()).keys()] as string[];
    await admin.updateProduct(renamed as string, { name: "Renamed once the clock is honest" });
    expect((await cli(dataDir, "sync", "--page-size", "50")).code).toBe(0);
    const local = localProducts(dataDir, service.demo.accountId);
    expect(local.has(created.id as string)).toBe(true);
    expect(local).toEqual(await admin.liveProducts());
  });
});
