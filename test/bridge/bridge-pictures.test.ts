// The browser bridge's picture route: an <img> cannot send the bridge's secret, so pictures have a
// per-run token of their own in the path, and the route serves exactly the hashes the cache holds.
// Anything else is refused before the cache is even asked.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningBridge, startHttpBridge } from "../../src/bridge/http-bridge.ts";
import type { CatalogServiceMethods } from "../../src/core/ipc/catalog-handlers.ts";
import { createCatalogHandlers } from "../../src/core/ipc/catalog-handlers.ts";
import { trustedSender } from "../../src/core/ipc/trusted-sender.ts";
import { drawDemoImage } from "../../src/server/demo/demo-images.ts";
import { isImageHash } from "../../src/shared/catalog/product-pictures.ts";
import { bridgePictureAddress } from "../../src/shared/ipc/picture-address.ts";

const pageDir = mkdtempSync(join(tmpdir(), "bridge-pictures-"));
writeFileSync(join(pageDir, "index.html"), "<p>page</p>");
const bytes = drawDemoImage({ kind: "bottle", number: 4, size: "1x" });
const hash = createHash("sha256").update(bytes).digest("hex");
const secret = "s".repeat(43);
const token = "t".repeat(43);
/** Every name the route asked the cache about. */
const asked: string[] = [];
let bridge: RunningBridge;

beforeAll(async () => {
  bridge = await startHttpBridge({
    handlers: (origin) =>
      createCatalogHandlers({} as CatalogServiceMethods, { isTrustedSender: trustedSender(origin) }),
    events: {
      onStatusChanged: () => () => undefined,
      onSyncProgress: () => () => undefined,
      onSerialCode: () => () => undefined,
      onSerialStatus: () => () => undefined,
    },
    pageDir,
    secret,
    pictureToken: token,
    pictureBytes: (name) => {
      asked.push(name);
      return name === hash ? bytes : null;
    },
  });
});
afterAll(async () => {
  await bridge.close();
  rmSync(pageDir, { recursive: true, force: true });
});

/** A GET with the path exactly as given: fetch would resolve dot segments before sending. */
function rawGet(
  path: string,
  method = "GET",
): Promise<{ status: number; type: string | undefined; body: Buffer }> {
  const { port } = new URL(bridge.origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, path, method }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          type: response.headers["content-type"],
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

describe("the bridge's picture route", () => {
  it("gives the page its token in the address to open, apart from the secret", () => {
    const fragment = new URLSearchParams(new URL(bridge.url).hash.slice(1));
    expect(fragment.get("bridge")).toBe(secret);
    expect(fragment.get("pictures")).toBe(token);
  });

  it("serves a cached picture at the address the page builds", async () => {
    const response = await fetch(bridgePictureAddress(bridge.origin, token, hash));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });

  it.each([
    [`/pictures/${"x".repeat(43)}/${hash}`, 404],
    [`/pictures/${secret}/${hash}`, 404],
    [`/pictures/${hash}`, 404],
    [`/pictures//${hash}`, 404],
    [`/pictures/${token}/${hash}/extra`, 404],
    [`/pictures/${token}/../${token}/${hash}`, 404],
    [`/pictures/${token}/${hash.toUpperCase()}`, 400],
    [`/pictures/${token}/${hash}?size=2x`, 400],
    [`/pictures/${token}/${hash.slice(1)}`, 400],
    [`/pictures/${token}/..%2f..%2f..%2fetc%2fpasswd`, 400],
    [`/pictures/${token}/%2e%2e%2findex.html`, 400],
    [`/pictures/${token}/index.html`, 400],
    [`/pictures/${token}/${"0".repeat(64)}`, 404],
  ])("refuses %s with %i", async (path, status) => {
    const answer = await rawGet(path);
    expect(answer.status).toBe(status);
    expect(answer.type).toMatch(/^text\/plain/u);
    expect(answer.body.subarray(0, 8).toString("latin1")).not.toBe("\x89PNG\r\n\x1a\n");
  });

  it("only reads pictures, and never asks the cache about anything but a hash", async () => {
    expect((await rawGet(`/pictures/${token}/${hash}`, "DELETE")).status).toBe(405);
    expect(asked.length).toBeGreaterThan(0);
    for (const name of asked) expect(isImageHash(name), name).toBe(true);
  });
});
