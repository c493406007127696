// The picture cache against the real reference service: a till signs in, syncs, and fetches the
// pictures its products name into its store, by content hash, within a cap that keeps the newest.
import { createHash } from "node:crypto";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { catalogFileFor } from "../../../src/core/catalog/catalog-store.ts";
import { type ImageRunOptions, imageFolderOf, openImageCache } from "../../../src/core/images/image-cache.ts";
import { sessionImageAuth } from "../../../src/core/images/session-image-auth.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { heldPictures, notWhole, pictureCacheFile } from "../../support/held-pictures.ts";
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
  const open = () => openImageCache({ dataDir: dir.path, clock });
  let cache = open();
  cleanups.push(() => cache.close());
  const folder = imageFolderOf(dir.path);
  const catalogFile = catalogFileFor(dir.path, service.demo.accountId);
  return {
    get cache() {
      return cache;
    },
    dir: dir.path,
    folder,
    /** Closed and opened again, as when the app starts. */
    reopen: () => {
      cache.close();
      cache = open();
    },
    sync: () => wired.core.sync(),
    status: () => cache.status(catalogFile),
    pictures: (productIds: readonly string[]) => cache.pictures(catalogFile, productIds),
    run: (options: Partial<ImageRunOptions> = {}) =>
      cache.run({
        catalogFile,
        capBytes: 500_000_000,
        download: true,
        auth: sessionImageAuth(wired.session),
        ...options,
      }),
    /** The hashes of the pictures held, each checked to be whole. */
    files: () => {
      const held = heldPictures(dir.path);
      expect(notWhole(held)).toEqual([]);
      return [...held.keys()];
    },
    /** Anything in the folder but the cache's own database. */
    leftovers: () => readdirSync(folder).filter((name) => !/^cache\.sqlite(-wal|-shm)?$/u.test(name)),
  };
}

/**
 * Turns a cache this version made into one as the version before kept it: each picture a file named
 * by its hash beside a store at version 1, without auto-vacuum.
 */
function asOldLayout(dataDir: string, folder: string): void {
  const db = new Database(pictureCacheFile(dataDir));
  try {
    for (const [hash, body] of heldPictures(dataDir)) writeFileSync(join(folder, hash), body);
    db.exec(`
      DELETE FROM old_files;
      INSERT INTO old_files (hash, bytes) SELECT hash, bytes FROM pictures;
      DROP TABLE pictures;
      DROP TABLE bodies;
      ALTER TABLE old_files RENAME TO files;
      ALTER TABLE run DROP COLUMN full_sync;
    `);
    db.pragma("user_version = 1");
    db.pragma("auto_vacuum = NONE");
    db.exec("VACUUM");
  } finally {
    db.close();
  }
}

/** A product for each of these `images`, named Box 0, Box 1…; their ids in that order. */
async function boxes(
  admin: Awaited<ReturnType<typeof adminApi>>,
  images: readonly Record<string, string>[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, named] of images.entries()) {
    ids.push((await admin.createProduct({ name: `Box ${index}`, images: named })).id as string);
  }
  return ids;
}

/** A pragma of the cache's store, read from outside. */
function storePragma(dataDir: string, name: string): unknown {
  const db = new Database(pictureCacheFile(dataDir), { readonly: true });
  try {
    return db.pragma(name, { simple: true });
  } finally {
    db.close();
  }
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
    expect(tillA.cache.pictureBytes(sha256(big))).toEqual(big);
    expect(tillA.pictures([shirt.id as string, plain.id as string])).toEqual({
      [shirt.id as string]: sha256(big),
    });
    expect(tillA.status()).toEqual({
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
    expect(Object.keys(tillA.pictures(ids)).sort()).toEqual(ids.slice(3).sort());
    expect(tillA.files()).toHaveLength(3);
    const status = tillA.status();
    expect(status.bytes).toBeLessThanOrEqual(cap);
    expect(status.problem).toMatch(/picture cache is full/u);

    // An older product changed: it is now among the newest, and the oldest kept one makes room.
    await admin.updateProduct(ids[0] as string, { name: "Box 1, new label" });
    await tillA.sync();
    await tillA.run({ capBytes: cap });
    expect(Object.keys(tillA.pictures(ids)).sort()).toEqual([ids[0], ids[4], ids[5]].sort());
    expect(tillA.files()).toHaveLength(3);
  });

  it("fetches the new picture when a product's URL changes, and deletes the old one", async () => {
    const service = await serviceWithoutDemo();
    const admin = await adminApi(service);
    const box = await admin.createProduct({ name: "Box", images: { "1x": picture(service, 10) } });
    const tillA = await till(service);
    await tillA.sync();
    await tillA.run();
    const before = sha256(await served(picture(service, 10)));
    expect(tillA.pictures([box.id as string])).toEqual({ [box.id as string]: before });

    await admin.updateProduct(box.id as string, { images: { "1x": picture(service, 11) } });
    await tillA.sync();
    expect(await tillA.run()).toMatchObject({ fetched: 1, deleted: 1 });
    const after = sha256(await served(picture(service, 11)));
    expect(tillA.pictures([box.id as string])).toEqual({ [box.id as string]: after });
    expect(tillA.files()).toEqual([after]);
  });

  it("gives the room of deleted pictures back to the disk", async () => {
    const service = await serviceWithoutDemo();
    const admin = await adminApi(service);
    const ids = await boxes(
      admin,
      Array.from({ length: 30 }, (_, index) => ({ "2x": picture(service, 70 + index, "2x") })),
    );
    const tillA = await till(service);
    await tillA.sync();
    await tillA.run();
    const full = storePragma(tillA.dir, "page_count") as number;
    for (const id of ids.slice(5)) await admin.deleteProduct(id);
    await tillA.sync();
    expect(await tillA.run({ download: false })).toMatchObject({ deleted: 25 });
    expect(storePragma(tillA.dir, "freelist_count")).toBe(0);
    expect(storePragma(tillA.dir, "page_count")).toBeLessThan(full);
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
    expect(tillA.pictures([gone.id as string, twin.id as string, sharing.id as string])).toEqual({
      [sharing.id as string]: kept,
    });
    expect(tillA.cache.pictureBytes(sha256(await served(picture(service, 20))))).toBeNull();
  });

  it("takes in the pictures an older version kept as files, offline, and fetches again one found damaged", async () => {
    const service = await serviceWithoutDemo();
    const admin = await adminApi(service);
    const ids = await boxes(
      admin,
      [60, 61, 62].map((number) => ({ "1x": picture(service, number) })),
    );
    const tillA = await till(service);
    await tillA.sync();
    await tillA.run();
    const [whole, damaged, kept] = await Promise.all([60, 61, 62].map((n) => served(picture(service, n))));
    tillA.cache.close();
    asOldLayout(tillA.dir, tillA.folder);
    // What the old way could leave: a file cut short by a power cut, a temporary file of a write
    // killed half-way, and a picture nobody recorded.
    writeFileSync(join(tillA.folder, sha256(damaged as Buffer)), (damaged as Buffer).subarray(0, 100));
    writeFileSync(join(tillA.folder, ".part-0123456789abcdef"), (whole as Buffer).subarray(0, 50));
    const stray = await served(picture(service, 63));
    writeFileSync(join(tillA.folder, sha256(stray)), stray);
    expect(tillA.leftovers()).toHaveLength(5);

    // Opened as the app starts, before any run (which an offline till would not get to).
    tillA.reopen();
    expect(tillA.leftovers()).toEqual([]);
    expect(tillA.files().sort()).toEqual([sha256(whole as Buffer), sha256(kept as Buffer)].sort());
    expect(tillA.pictures(ids)).toEqual({
      [ids[0] as string]: sha256(whole as Buffer),
      [ids[2] as string]: sha256(kept as Buffer),
    });
    expect(tillA.cache.pictureBytes(sha256(whole as Buffer))).toEqual(whole);
    expect(storePragma(tillA.dir, "auto_vacuum")).toBe(2);
    expect(storePragma(tillA.dir, "user_version")).toBe(3);

    expect(await tillA.run()).toMatchObject({ toFetch: 1, fetched: 1, failed: 0 });
    expect(tillA.cache.pictureBytes(sha256(damaged as Buffer))).toEqual(damaged);
    expect(Object.keys(tillA.pictures(ids))).toHaveLength(3);
  });

  it("writes a picture many products share once, across more than one batch", async () => {
    const service = await serviceWithoutDemo();
    const admin = await adminApi(service);
    // 40 products, more than a batch holds, naming 5 pictures between them.
    const ids = await boxes(
      admin,
      Array.from({ length: 40 }, (_, index) => ({ "1x": picture(service, 50 + (index % 5)) })),
    );
    const tillA = await till(service);
    await tillA.sync();

    expect(await tillA.run()).toMatchObject({ toFetch: 40, fetched: 40, failed: 0 });
    const hashes = await Promise.all(
      [50, 51, 52, 53, 54].map(async (n) => sha256(await served(picture(service, n)))),
    );
    expect(tillA.files().sort()).toEqual([...hashes].sort());
    expect(Object.keys(tillA.pictures(ids)).length).toBe(40);
    expect(tillA.leftovers()).toEqual([]);
  });

  it("gives a picture's bytes only for exactly a hash it holds", async () => {
    const service = await serviceWithoutDemo();
    const admin = await adminApi(service);
    await admin.createProduct({ name: "Box", images: { "1x": picture(service, 30) } });
    const tillA = await till(service);
    await tillA.sync();
    await tillA.run();
    const [hash] = tillA.files() as [string];
    expect(tillA.cache.pictureBytes(hash)).toEqual(await served(picture(service, 30)));
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
      expect(tillA.cache.pictureBytes(probe), probe).toBeNull();
    }
  });
});
