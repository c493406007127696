// The picture cache against the real reference service: a till signs in, syncs, and fetches the
// pictures its products name into a content-addressed folder, within a cap that keeps the newest.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, truncateSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { catalogFileFor } from "../../../src/core/catalog/catalog-store.ts";
import { type ImageRunOptions, imageFolderOf, openImageCache } from "../../../src/core/images/image-cache.ts";
import { sessionImageAuth } from "../../../src/core/images/session-image-auth.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { adminApi, openTestCore, signInDemo, tempDir } from "../../support/service-fixtures.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serviceWithoutDemo(): Promise<RunningService> {
  const service = await startService({ port: 0, demoProducts: 0 });
  cleanups.push(() => service.close());
  return service;
}

/** A till signed in to the service, its catalog synced, and its picture cache. */
async function till(service: RunningService, clock: () => number = Date.now) {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  const wired = openTestCore(dir.path);
  cleanups.push(() => wired.core.close());
  await signInDemo(wired.session, service);
  const cache = openImageCache({ dataDir: dir.path, fetch: globalThis.fetch, clock });
  cleanups.push(() => cache.close());
  const folder = imageFolderOf(dir.path);
  return {
    cache,
    folder,
    sync: () => wired.core.sync(),
    run: (options: Partial<ImageRunOptions> = {}) =>
      cache.run({
        catalogFile: catalogFileFor(dir.path, service.demo.accountId),
        capBytes: 500_000_000,
        download: true,
        auth: sessionImageAuth(wired.session),
        ...options,
      }),
    /** The picture files in the folder, by name. */
    files: () => readdirSync(folder).filter((name) => /^[0-9a-f]{64}$/u.test(name)),
    leftovers: () =>
      readdirSync(folder).filter((name) => !/^[0-9a-f]{64}$|^cache\.sqlite(-wal|-shm)?$/u.test(name)),
  };
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const picture = (service: RunningService, number: number, size = "1x") =>
  `${service.baseUrl}/images/demo/box-${number}-${size}.png`;

async function served(url: string): Promise<Buffer> {
  return Buffer.from(await (await fetch(url)).arrayBuffer());
}

describe("the picture cache", () => {
  it("keeps each named picture under the hash of its bytes, the 2x one for the screen", async () => {
    const service = await serviceWithoutDemo();
    const admin = await adminApi(service);
    const shirt = await admin.createProduct({
      name: "Shirt",
      images: { "1x": picture(service, 3), "2x": picture(service, 3, "2x") },
    });
    const plain = await admin.createProduct({ name: "Plain", images: { "1x": null } });
    const tillA = await till(service);
    await tillA.sync();
    const summary = await tillA.run();

    expect(summary).toMatchObject({ toFetch: 2, fetched: 2, failed: 0, capReached: false });
    const big = await served(picture(service, 3, "2x"));
    const small = await served(picture(service, 3));
    expect(tillA.files().sort()).toEqual([sha256(big), sha256(small)].sort());
    expect(readFileSync(join(tillA.folder, sha256(big)))).toEqual(big);
    expect(tillA.cache.pictures([shirt.id as string, plain.id as string])).toEqual({
      [shirt.id as string]: sha256(big),
    });
    expect(tillA.cache.status()).toEqual({
      cached: 1,
      wanted: 1,
      bytes: big.length + small.length,
      problem: null,
    });
    // Nothing new: a second run downloads nothing.
    expect(await tillA.run()).toMatchObject({ toFetch: 0, fetched: 0 });
  });

  it("holds the cap by keeping the pictures of the most recently changed products", async () => {
    const service = await serviceWithoutDemo();
    const admin = await adminApi(service);
    const made = [];
    for (let number = 1; number <= 6; number++) {
      made.push(
        await admin.createProduct({ name: `Box ${number}`, images: { "1x": picture(service, number) } }),
      );
    }
    const sizes = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (n) => (await served(picture(service, n))).length),
    );
    // Room for any three of them (the three newest: products 4, 5 and 6), never for a fourth.
    const ascending = [...sizes].sort((a, b) => a - b);
    const cap = ascending.slice(3).reduce((sum, size) => sum + size, 0);
    expect(ascending.slice(0, 4).reduce((sum, size) => sum + size, 0)).toBeGreaterThan(cap);
    const tillA = await till(service);
    await tillA.sync();
    const summary = await tillA.run({ capBytes: cap });

    expect(summary.capReached).toBe(true);
    const ids = made.map((product) => product.id as string);
    expect(Object.keys(tillA.cache.pictures(ids)).sort()).toEqual(ids.slice(3).sort());
    expect(tillA.files()).toHaveLength(3);
    const status = tillA.cache.status();
    expect(status.bytes).toBeLessThanOrEqual(cap);
    expect(status.problem).toMatch(/picture cache is full/u);

    // An older product changed: it is now among the newest, and the oldest kept one makes room.
    await admin.updateProduct(ids[0] as string, { name: "Box 1, new label" });
    await tillA.sync();
    await tillA.run({ capBytes: cap });
    expect(Object.keys(tillA.cache.pictures(ids)).sort()).toEqual([ids[0], ids[4], ids[5]].sort());
    expect(tillA.files()).toHaveLength(3);
  });

  it("fetches the new picture when a product's URL changes, and deletes the old file", async () => {
    const service = await serviceWithoutDemo();
    const admin = await adminApi(service);
    const box = await admin.createProduct({ name: "Box", images: { "1x": picture(service, 10) } });
    const tillA = await till(service);
    await tillA.sync();
    await tillA.run();
    const before = sha256(await served(picture(service, 10)));
    expect(tillA.cache.pictures([box.id as string])).toEqual({ [box.id as string]: before });

    await admin.updateProduct(box.id as string, { images: { "1x": picture(service, 11) } });
    await tillA.sync();
    expect(await tillA.run()).toMatchObject({ fetched: 1, deleted: 1 });
    const after = sha256(await served(picture(service, 11)));
    expect(tillA.cache.pictures([box.id as string])).toEqual({ [box.id as string]: after });
    expect(tillA.files()).toEqual([after]);
  });

  it("deletes the picture of a product deleted on the service, and keeps one still named by another", async () => {
    const service = await serviceWithoutDemo();
    const admin = await adminApi(service);
    const gone = await admin.createProduct({ name: "Gone", images: { "1x": picture(service, 20) } });
    const twin = await admin.createProduct({ name: "Twin", images: { "1x": picture(service, 21) } });
    const sharing = await admin.createProduct({ name: "Sharing", images: { "1x": picture(service, 21) } });
    const tillA = await till(service);
    await tillA.sync();
    await tillA.run();
    expect(tillA.files()).toHaveLength(2);

    await admin.deleteProduct(gone.id as string);
    await admin.deleteProduct(twin.id as string);
    await tillA.sync();
    await tillA.run({ download: false });
    const kept = sha256(await served(picture(service, 21)));
    expect(tillA.files()).toEqual([kept]);
    expect(tillA.cache.pictures([gone.id as string, twin.id as string, sharing.id as string])).toEqual({
      [sharing.id as string]: kept,
    });
    expect(tillA.cache.fileOf(sha256(await served(picture(service, 20))))).toBeNull();
  });

  it("fetches again a picture a power cut left shorter than recorded", async () => {
    const service = await serviceWithoutDemo();
    const admin = await adminApi(service);
    const box = await admin.createProduct({ name: "Box", images: { "1x": picture(service, 40) } });
    const tillA = await till(service);
    await tillA.sync();
    await tillA.run();
    const whole = await served(picture(service, 40));
    const file = join(tillA.folder, sha256(whole));
    // What a power cut does to a file written without a flush: its name is there, its bytes are not.
    truncateSync(file, 0);

    expect(await tillA.run()).toMatchObject({ toFetch: 1, fetched: 1, failed: 0 });
    expect(readFileSync(file)).toEqual(whole);
    expect(tillA.cache.pictures([box.id as string])).toEqual({ [box.id as string]: sha256(whole) });
    expect(tillA.leftovers()).toEqual([]);
  });

  it("writes a picture many products share once, across more than one batch", async () => {
    const service = await serviceWithoutDemo();
    const admin = await adminApi(service);
    const ids: string[] = [];
    // 40 products, more than a batch holds, naming 5 pictures between them.
    for (let index = 0; index < 40; index++) {
      const product = await admin.createProduct({
        name: `Box ${index}`,
        images: { "1x": picture(service, 50 + (index % 5)) },
      });
      ids.push(product.id as string);
    }
    const tillA = await till(service);
    await tillA.sync();

    expect(await tillA.run()).toMatchObject({ toFetch: 40, fetched: 40, failed: 0 });
    const hashes = await Promise.all(
      [50, 51, 52, 53, 54].map(async (n) => sha256(await served(picture(service, n)))),
    );
    expect(tillA.files().sort()).toEqual([...hashes].sort());
    expect(Object.keys(tillA.cache.pictures(ids)).length).toBe(40);
    expect(tillA.leftovers()).toEqual([]);
  });

  it("serves a file only for exactly a hash it holds", async () => {
    const service = await serviceWithoutDemo();
    const admin = await adminApi(service);
    await admin.createProduct({ name: "Box", images: { "1x": picture(service, 30) } });
    const tillA = await till(service);
    await tillA.sync();
    await tillA.run();
    const [hash] = tillA.files() as [string];
    expect(tillA.cache.fileOf(hash)).toBe(join(tillA.folder, hash));
    for (const probe of [
      hash.toUpperCase(),
      `${hash}/`,
      `../${hash}`,
      hash.slice(1),
      `${hash}0`,
      "cache.sqlite",
      "0".repeat(64),
      `${hash.slice(0, 63)}%2f`,
    ]) {
      expect(tillA.cache.fileOf(probe), probe).toBeNull();
    }
    expect(existsSync(join(tillA.folder, "cache.sqlite"))).toBe(true);
  });
});
