// The demo pictures: drawn PNGs served on the service's own route, cacheable, under its fault switch,
// and named in a share of the demo records' `images`.
import { createHash } from "node:crypto";
import { crc32, inflateSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { generateDemoCatalog } from "../../src/server/demo/demo-catalog.ts";
import { demoImageSizes, drawDemoImage } from "../../src/server/demo/demo-images.ts";
import { productsPageSchema } from "../../src/shared/api/pagination.ts";
import type { Product } from "../../src/shared/api/product.ts";
import { call, keyToken, paths, startTestService } from "./service-harness.ts";

const service = await startTestService({ demoProducts: 200 });
afterEach(() => service.setFaults(null));

/** Width, height and the inflated rows of a PNG, checking every chunk's length and CRC on the way. */
function readPng(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("ascii", at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    expect(bytes.readUInt32BE(at + 8 + length)).toBe(crc32(bytes.subarray(at + 4, at + 8 + length)));
    chunks.push({ type, data });
    at += 12 + length;
  }
  expect(chunks.map((chunk) => chunk.type)).toEqual(["IHDR", "IDAT", "IEND"]);
  const header = chunks[0]?.data as Buffer;
  return {
    width: header.readUInt32BE(0),
    height: header.readUInt32BE(4),
    rows: inflateSync(chunks[1]?.data as Buffer),
  };
}

describe("demo pictures", () => {
  it("are valid PNGs of the size their key names, and differ from number to number", () => {
    const one = drawDemoImage({ kind: "shirt", number: 7, size: "1x" });
    const png = readPng(one);
    expect([png.width, png.height]).toEqual([demoImageSizes["1x"], demoImageSizes["1x"]]);
    expect(png.rows.length).toBe((png.width * 3 + 1) * png.height);
    expect(readPng(drawDemoImage({ kind: "shirt", number: 7, size: "2x" })).width).toBe(demoImageSizes["2x"]);
    expect(drawDemoImage({ kind: "shirt", number: 8, size: "1x" })).not.toEqual(one);
    expect(drawDemoImage({ kind: "shirt", number: 7, size: "1x" })).toEqual(one);
  });

  it("are named in about 30% of the demo records, 1x and 2x, on the address given", () => {
    const options = { count: 2_000, seed: 4, accountId: "a", now: Date.UTC(2026, 0, 1) };
    const plain = generateDemoCatalog(options);
    const pictured = generateDemoCatalog({ ...options, imageBaseUrl: "http://shop.test:81" });
    const withPicture = pictured.filter((product) => (product.images as Record<string, unknown>)["2x"]);
    expect(withPicture.length / pictured.length).toBeGreaterThan(0.25);
    expect(withPicture.length / pictured.length).toBeLessThan(0.35);
    for (const product of withPicture) {
      expect(product.images).toEqual({
        "1x": expect.stringMatching(/^http:\/\/shop\.test:81\/images\/demo\/[a-z]+-\d+-1x\.png$/),
        "2x": expect.stringMatching(/^http:\/\/shop\.test:81\/images\/demo\/[a-z]+-\d+-2x\.png$/),
      });
    }
    // Every other field is as it was without pictures: the pictures draw from a stream of their own.
    const withoutImages = (products: typeof plain) =>
      products.map(({ images: _, children, ...rest }) => ({
        ...rest,
        children: children?.map(({ images: __, ...child }) => child) ?? null,
      }));
    expect(withoutImages(pictured)).toEqual(withoutImages(plain));
    expect(plain.every((product) => JSON.stringify(product.images) === '{"1x":null}')).toBe(true);
  });

  it("are served with their URLs from the service's own records, cacheable with an ETag", async () => {
    const token = await keyToken(service);
    const page = productsPageSchema.parse(
      (await call(service, "GET", `${paths(service).products}?size=200`, { token })).json,
    );
    const urls = page.results.flatMap((product) =>
      Object.values((product as Product).images as Record<string, string | null>),
    );
    const url = urls.find((value) => value?.startsWith(`${service.baseUrl}/images/demo/`));
    expect(url).toBeDefined();
    const response = await fetch(url as string);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await response.arrayBuffer());
    readPng(bytes);
    const etag = response.headers.get("etag") as string;
    expect(etag).toBe(`"${createHash("sha256").update(bytes).digest("base64url")}"`);
    const again = await fetch(url as string, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it.each([
    "/images/demo/box-0-1x.png",
    "/images/demo/box-12-3x.png",
    "/images/demo/circle-12-1x.png",
    "/images/demo/box-12-1x.svg",
    "/images/demo/..%2Fbox-12-1x.png",
    "/images/demo/box-12345678-1x.png",
  ])("answers 404 in the error envelope for %s", async (path) => {
    const reply = await call(service, "GET", path);
    expect(reply.status).toBe(404);
    expect(reply.headers.get("cache-control")).toBe("no-store");
  });

  it("fails as the fault switch says, without cache headers on the failure", async () => {
    service.setFaults({ rate: 1, seed: 1, kinds: ["500"] });
    const failed = await call(service, "GET", "/images/demo/box-12-1x.png");
    expect(failed.status).toBe(500);
    expect(failed.headers.get("cache-control")).toBe("no-store");
    service.setFaults({ rate: 1, seed: 1, kinds: ["truncated"] });
    const truncated = await fetch(`${service.baseUrl}/images/demo/box-12-1x.png`);
    await expect(truncated.arrayBuffer()).rejects.toThrow();
  });
});
