// Picture answers a till must refuse without harm: too large, endless, silent, not a picture, sent
// elsewhere, failing. Nothing half-written stays, the token never leaves the service's origin, and a
// failure is tried again later, but not forever. Also: a run cut off half-way resumes where it stopped.
import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { type ImageRunOptions, imageFolderOf, maxImageBytes } from "../../../src/core/images/image-cache.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { heldPictures, notWhole } from "../../support/held-pictures.ts";
import { goodPicture, type PictureHost, startPictureHost } from "../../support/picture-host.ts";
import { syncedPictureTill } from "../../support/picture-till.ts";
import { adminApi } from "../../support/service-fixtures.ts";

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(paths: readonly string[]) {
  const service: RunningService = await startService({ port: 0, demoProducts: 0 });
  cleanups.push(() => service.close());
  const other = await startPictureHost();
  cleanups.push(() => other.close());
  const host: PictureHost = await startPictureHost({ redirectTo: other.baseUrl });
  cleanups.push(() => host.close());
  const admin = await adminApi(service);
  const ids = new Map<string, string>();
  for (const path of paths) {
    const product = await admin.createProduct({
      name: `At ${path}`,
      images: { "1x": `${host.baseUrl}${path}` },
    });
    ids.set(path, product.id as string);
  }
  const { dataDir, clock, cache, catalogFile } = await syncedPictureTill(service, (cleanup) =>
    cleanups.push(cleanup),
  );
  const folder = imageFolderOf(dataDir);
  return {
    service,
    host,
    other,
    ids,
    clock,
    cache,
    status: () => cache.status(catalogFile),
    pictures: (productIds: readonly string[]) => cache.pictures(catalogFile, productIds),
    run: (options: Partial<ImageRunOptions> = {}) =>
      cache.run({
        catalogFile,
        capBytes: 500_000_000,
        download: true,
        auth: async () => ({ origin: service.baseUrl, token: "service-token" }),
        deadlines: { firstByteMs: 400, wholeAnswerMs: 1_000 },
        ...options,
      }),
    /** The hashes of the pictures held, checked whole; nothing may lie in the folder beside the store. */
    files: async () => {
      expect((await readdir(folder)).filter((name) => !name.startsWith("cache.sqlite"))).toEqual([]);
      const held = heldPictures(dataDir);
      expect(notWhole(held)).toEqual([]);
      return [...held.keys()];
    },
    requestsFor: (path: string) => host.requests.filter((request) => request.path === path).length,
  };
}

const hostile = [
  "/huge.png",
  "/lying-length.png",
  "/endless.png",
  "/silent.png",
  "/page.png",
  "/vector.svg",
  "/elsewhere.png",
  "/missing.png",
  "/broken.png",
  "/packed-huge.png",
  "/unknown-packing.png",
  "/cut-off.png",
  "/badly-packed.png",
];

describe("hostile picture answers", () => {
  it("are refused without harm: nothing kept, nothing half-written, reading stopped early", async () => {
    const till = await setUp([...hostile, "/nearby.png"]);
    const summary = await till.run();

    expect(summary).toMatchObject({ toFetch: hostile.length + 1, fetched: 1, failed: hostile.length });
    // Only the same-origin redirect's picture is kept; the one across origins was never asked for.
    const pictures = till.pictures([...till.ids.values()]);
    expect(Object.keys(pictures)).toEqual([till.ids.get("/nearby.png")]);
    expect(await till.files()).toEqual([pictures[till.ids.get("/nearby.png") as string]]);
    expect(till.other.requests).toEqual([]);
    // The huge answers were cut off at the size cap, not read to their 50 MB.
    for (const path of ["/huge.png", "/lying-length.png"]) {
      expect(till.host.sent.get(path) ?? 0).toBeLessThan(maxImageBytes * 4);
    }
    expect(till.status().problem).toBe(
      `${hostile.length} product pictures could not be downloaded; they are tried again later. The products show without a picture meanwhile.`,
    );
  });

  it("never carry the service's token to another origin", async () => {
    const till = await setUp(["/good/5.png", "/nearby.png"]);
    await till.run();
    expect(till.host.requests.length).toBeGreaterThan(0);
    expect(till.host.requests.map((request) => request.authorization)).toEqual(
      till.host.requests.map(() => undefined),
    );
    // The same pictures with the host as the service's origin: now the token goes along.
    const asService = await setUp(["/good/6.png"]);
    await asService.run({ auth: async () => ({ origin: asService.host.baseUrl, token: "t0ken" }) });
    expect(asService.host.requests.map((request) => request.authorization)).toEqual(["Bearer t0ken"]);
  });

  it("are tried again later when the host may recover, given up when it cannot, and never forever", async () => {
    const till = await setUp(hostile);
    await till.run();
    const asked = () => Object.fromEntries(hostile.map((path) => [path, till.requestsFor(path)]));
    // Each asked once: an answer that broke off does not count its host as away, which would hold
    // back the host's other pictures until the next run.
    expect(Object.values(asked())).toEqual(hostile.map(() => 1));

    await till.run();
    expect(Object.values(asked())).toEqual(hostile.map(() => 1));

    const recoverable = [
      "/endless.png",
      "/silent.png",
      "/missing.png",
      "/broken.png",
      "/cut-off.png",
      "/badly-packed.png",
    ];
    for (let round = 2; round <= 8; round++) {
      till.clock.advance(25 * 3_600_000);
      await till.run();
      for (const path of hostile) {
        expect(till.requestsFor(path), path).toBe(recoverable.includes(path) ? Math.min(round, 5) : 1);
      }
    }
  });
});

describe("pictures as hosts send them", () => {
  it("are kept as the picture when sent compressed, over a few connections closed at the run's end", async () => {
    const paths = ["/gzipped/3.png", ...Array.from({ length: 12 }, (_, index) => `/good/${index + 10}.png`)];
    const till = await setUp(paths);
    const summary = await till.run();

    expect(summary).toMatchObject({ toFetch: paths.length, fetched: paths.length, failed: 0 });
    expect(await till.files()).toContain(sha256(goodPicture(3)));
    // Connections are kept open from one picture to the next, a few at a time, not one a picture...
    expect(till.host.accepted()).toBeLessThanOrEqual(4);
    // ...and closed once the run is over, not left to the host to time out.
    const deadline = Date.now() + 1_000;
    while ((await till.host.openConnections()) > 0 && Date.now() < deadline) await sleep(20);
    expect(await till.host.openConnections()).toBe(0);
  });
});

describe("an interrupted picture run", () => {
  it("leaves no half picture and continues where it stopped", async () => {
    const paths = Array.from({ length: 10 }, (_, index) => `/slow/${index + 1}.png`);
    const till = await setUp(paths);
    const controller = new AbortController();
    const first = await till.run({
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.fetched >= 3) controller.abort();
      },
    });
    expect(first.cancelled).toBe(true);
    const kept = await till.files();
    expect(kept.length).toBeGreaterThanOrEqual(3);
    expect(kept.length).toBeLessThan(paths.length);
    // Every held picture is a whole one under its own hash, one the host sent.
    const good = new Set(paths.map((_, index) => goodPicture(index + 1)).map((bytes) => sha256(bytes)));
    for (const name of kept) expect(good.has(name), name).toBe(true);

    const second = await till.run();
    expect(second).toMatchObject({ fetched: paths.length - kept.length, cancelled: false });
    expect((await till.files()).sort()).toEqual([...good].sort());
    // A picture fetched whole before the cut was not asked for again.
    const askedTwice = paths.filter((path) => till.requestsFor(path) > 1);
    expect(askedTwice.length).toBeLessThanOrEqual(paths.length - kept.length);
  });
});

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}
