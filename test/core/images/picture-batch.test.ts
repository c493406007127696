// The picture batch over a real cache store: pictures many products share are written once, whether
// they meet in one batch or in two, and the bytes the store reports taking in are exactly the new ones
// (the cap's accounting rests on them).
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openImageCacheStore } from "../../../src/core/images/image-cache-store.ts";
import { pictureBatch } from "../../../src/core/images/picture-batch.ts";
import { heldPictures, pictureCacheFile } from "../../support/held-pictures.ts";
import { tempDir } from "../../support/service-fixtures.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A store planned with `products` products, each wanting one picture; its rows in priority order. */
async function plannedStore(products: number) {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  mkdirSync(join(dir.path, "images"));
  const store = openImageCacheStore(pictureCacheFile(dir.path));
  cleanups.push(() => store.close());
  store.plan(
    Array.from({ length: products }, (_, index) => ({
      productId: `p${String(index).padStart(5, "0")}`,
      updatedAt: index,
      sources: [{ sizeKey: "1x", url: `http://pictures.test/${index}.png`, screen: true }],
      known: false,
    })),
  );
  return { store, rows: store.ordered(0), dataDir: dir.path };
}

/** A PNG-looking body of `size` bytes, different for each `seed`. */
function body(seed: number, size: number): Buffer {
  const bytes = Buffer.alloc(size, seed % 251);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  bytes.writeUInt32BE(seed, 8);
  return bytes;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A clock that only moves when told: the batch's age bound is checked against it. */
let now = 0;
const clock = () => now;

describe("a picture batch", () => {
  it("writes shared pictures once across batches and reports only the new bytes", async () => {
    // More products than a batch holds (2,000), naming 7 pictures of different sizes between them.
    const { store, rows, dataDir } = await plannedStore(4_500);
    const bodies = Array.from({ length: 7 }, (_, seed) => body(seed, 100 + seed * 10));
    const batch = pictureBatch(store, clock);
    let taken = 0;
    for (const [index, row] of rows.entries()) {
      const picture = bodies[index % bodies.length] as Buffer;
      taken += batch.add({ row, hash: sha256(picture), bytes: picture.byteLength }, picture);
      // Until its batch is written, a picture already seen in it is counted once.
      expect(batch.pendingBytes()).toBeLessThanOrEqual(bodies.reduce((sum, b) => sum + b.byteLength, 0));
    }
    taken += batch.flush();

    const distinct = bodies.reduce((sum, b) => sum + b.byteLength, 0);
    expect(taken).toBe(distinct);
    expect(store.storedBytes()).toBe(distinct);
    expect([...heldPictures(dataDir).keys()].sort()).toEqual(bodies.map(sha256).sort());
    expect(store.counts()).toMatchObject({ cached: 4_500, wanted: 4_500 });
  });

  it("takes nothing in for pictures the store held before the batch began", async () => {
    const { store, rows } = await plannedStore(3);
    const shared = body(1, 300);
    const first = pictureBatch(store, clock);
    first.add({ row: rows[0] as (typeof rows)[0], hash: sha256(shared), bytes: 300 }, shared);
    expect(first.pendingBytes()).toBe(300);
    expect(first.flush()).toBe(300);
    expect(first.pendingBytes()).toBe(0);

    const second = pictureBatch(store, clock);
    second.add({ row: rows[1] as (typeof rows)[0], hash: sha256(shared), bytes: 300 }, shared);
    // Counted as possibly new until the store, in its transaction, finds it held.
    expect(second.pendingBytes()).toBe(300);
    expect(second.flush()).toBe(0);
    expect(store.storedBytes()).toBe(300);
    expect(store.counts()).toMatchObject({ cached: 2, wanted: 3 });
  });

  it("is written once a second old, however few pictures it holds", async () => {
    const { store, rows } = await plannedStore(3);
    const batch = pictureBatch(store, clock);
    const [first, second, third] = [body(1, 200), body(2, 200), body(3, 200)];
    batch.add({ row: rows[0] as (typeof rows)[0], hash: sha256(first), bytes: 200 }, first);
    now += 999;
    expect(batch.add({ row: rows[1] as (typeof rows)[0], hash: sha256(second), bytes: 200 }, second)).toBe(0);
    expect(store.counts().cached).toBe(0);
    now += 1;
    // The third picture arrives a second after the first: all three are written with it.
    expect(batch.add({ row: rows[2] as (typeof rows)[0], hash: sha256(third), bytes: 200 }, third)).toBe(600);
    expect(store.counts().cached).toBe(3);
    expect(batch.pendingBytes()).toBe(0);
  });
});
