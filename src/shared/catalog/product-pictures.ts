// The contract between the image cache and the screens: which products have a cached picture (by the
// content hash of its bytes) and how far the cache has got. Only hashes cross this boundary, never file
// paths or remote URLs, so a page can only ask for what the cache already holds.
import { z } from "zod";

/** A cached image's name: the lowercase hex SHA-256 of its bytes, nothing else (no paths, no case tricks). */
export const imageHashPattern = /^[0-9a-f]{64}$/;

/** True only for a string that is exactly a cache hash; the image routes refuse everything else. */
export const isImageHash = (value: string): boolean => imageHashPattern.test(value);

/** Product id -> hash of the cached image that serves the screen, only for products whose image is cached. */
export const productPicturesSchema = z.record(
  z.string(),
  z.string().regex(imageHashPattern, "an image hash is 64 lowercase hex characters"),
);
export type ProductPictures = z.infer<typeof productPicturesSchema>;

const count = z.number().int().nonnegative();

/** How far the image cache has got; `cached` and `wanted` count products with an image. */
export const imageCacheStatusSchema = z.object({
  cached: count,
  wanted: count,
  bytes: count,
  capBytes: count,
  running: z.boolean(),
  /** Why the last image run stopped short, in words a shop manager can act on; null when it did not. */
  problem: z.string().nullable(),
  /** Pictures downloaded after each sync (the setting); off, the cache keeps what it has. */
  enabled: z.boolean(),
  /** How far the running image run has got; null when none runs. */
  progress: z.object({ toFetch: count, fetched: count, failed: count }).nullable(),
});
export type ImageCacheStatus = z.infer<typeof imageCacheStatusSchema>;
