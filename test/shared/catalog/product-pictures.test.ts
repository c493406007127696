// The picture contract refuses anything that is not exactly a cache hash: the image routes and the
// protocol handler lean on it, so each kind of hostile name is a row here.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  imageCacheStatusSchema,
  isImageHash,
  productPicturesSchema,
} from "../../../src/shared/catalog/product-pictures.ts";

const realHash = createHash("sha256").update("png bytes").digest("hex");

describe("image hashes", () => {
  it("accepts the SHA-256 of some bytes", () => {
    expect(isImageHash(realHash)).toBe(true);
  });

  it.each([
    ["uppercase", realHash.toUpperCase()],
    ["too short", realHash.slice(1)],
    ["too long", `${realHash}0`],
    ["path traversal", `../${realHash.slice(3)}`],
    ["encoded slash", `${realHash.slice(3)}%2F`],
    ["query trick", `${realHash}?x=1`],
    ["trailing newline", `${realHash}\n`],
    ["empty", ""],
  ])("refuses %s", (_kind, name) => {
    expect(isImageHash(name)).toBe(false);
  });
});

describe("product pictures", () => {
  it("maps product ids to hashes and refuses anything else as a hash", () => {
    expect(productPicturesSchema.parse({ p1: realHash })).toEqual({ p1: realHash });
    expect(productPicturesSchema.safeParse({ p1: "../etc/passwd" }).success).toBe(false);
  });
});

describe("image cache status", () => {
  const status = {
    cached: 3,
    wanted: 5,
    bytes: 1200,
    capBytes: 500_000_000,
    running: true,
    problem: null,
    enabled: true,
    progress: { toFetch: 4, fetched: 2, failed: 0 },
  };

  it("accepts a plain status and refuses negative or fractional counts", () => {
    expect(imageCacheStatusSchema.parse(status)).toEqual(status);
    expect(imageCacheStatusSchema.safeParse({ ...status, cached: -1 }).success).toBe(false);
    expect(imageCacheStatusSchema.safeParse({ ...status, bytes: 1.5 }).success).toBe(false);
  });
});
