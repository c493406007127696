// A picture host over real HTTP on loopback that answers as badly as a test asks: good pictures, and
// huge, endless, silent, mislabelled, redirecting and failing answers. It records every request (and
// whether it carried a token) and how many bytes it managed to send, so a test can see a download
// was cut short rather than read to the end.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { drawDemoImage } from "../../src/server/demo/demo-images.ts";

export interface HostRequest {
  path: string;
  authorization: string | undefined;
}

export interface PictureHost {
  baseUrl: string;
  requests: HostRequest[];
  /** Body bytes written per path, summed over its requests. */
  sent: Map<string, number>;
  /** Connections open to the host now, and accepted since it started. */
  openConnections(): Promise<number>;
  accepted(): number;
  close(): Promise<void>;
}

/** A good picture for each number: `/good/<n>.png`. */
export const goodPicture = (number: number) => drawDemoImage({ kind: "box", number, size: "1x" });

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A few dozen kilobytes that unpack to a "picture" of 50 MB; packed once, when first asked for. */
let packedHuge: Buffer | null = null;
const packedHugePicture = () =>
  (packedHuge ??= gzipSync(Buffer.concat([pngSignature, Buffer.alloc(50_000_000)])));

export async function startPictureHost(
  options: { redirectTo?: string /** Default: any free one. */; port?: number } = {},
): Promise<PictureHost> {
  const requests: HostRequest[] = [];
  const sent = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const count = (path: string, bytes: number) => sent.set(path, (sent.get(path) ?? 0) + bytes);

  /** Writes chunks until the client goes away or `limit` bytes are out. */
  const stream = (response: ServerResponse, path: string, chunk: Buffer, everyMs: number, limit: number) => {
    let total = 0;
    const timer = setInterval(() => {
      if (response.destroyed || total >= limit) {
        clearInterval(timer);
        timers.delete(timer);
        if (!response.destroyed) response.end();
        return;
      }
      response.write(chunk);
      total += chunk.length;
      count(path, chunk.length);
    }, everyMs);
    timers.add(timer);
  };

  const server = createServer((request, response) => {
    const path = request.url ?? "/";
    requests.push({ path, authorization: request.headers.authorization });
    const good = /^\/good\/(\d+)\.png$/u.exec(path);
    if (good) {
      const bytes = goodPicture(Number(good[1]));
      count(path, bytes.length);
      response.writeHead(200, { "content-type": "image/png" }).end(bytes);
      return;
    }
    const gzipped = /^\/gzipped\/(\d+)\.png$/u.exec(path);
    if (gzipped) {
      // Compressed although the till asked for it as it is: still a picture, once unpacked.
      const bytes = gzipSync(goodPicture(Number(gzipped[1])));
      count(path, bytes.length);
      response.writeHead(200, { "content-type": "image/png", "content-encoding": "gzip" }).end(bytes);
      return;
    }
    const slow = /^\/slow\/(\d+)\.png$/u.exec(path);
    if (slow) {
      // Half the picture, a pause, then the rest: a download that can be cut off half-way.
      const bytes = goodPicture(Number(slow[1]));
      const half = Math.floor(bytes.length / 2);
      response.writeHead(200, { "content-type": "image/png" });
      response.write(bytes.subarray(0, half));
      count(path, half);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (response.destroyed) return;
        response.end(bytes.subarray(half));
        count(path, bytes.length - half);
      }, 150);
      timers.add(timer);
      return;
    }
    switch (path) {
      case "/huge.png":
        // 64 KB chunks without a length, up to 50 MB, for as long as the client reads.
        response.writeHead(200, { "content-type": "image/png" });
        response.write(pngSignature);
        stream(response, path, Buffer.alloc(65_536), 1, 50_000_000);
        return;
      case "/lying-length.png":
        // Claims a small picture, then keeps sending (as chunked, which Node allows without a length).
        response.writeHead(200, { "content-type": "image/png", "x-content-length": "1000" });
        response.write(pngSignature);
        stream(response, path, Buffer.alloc(65_536), 1, 50_000_000);
        return;
      case "/endless.png":
        response.writeHead(200, { "content-type": "image/png" });
        response.write(pngSignature);
        stream(response, path, Buffer.from([0]), 100, Number.POSITIVE_INFINITY);
        return;
      case "/packed-huge.png":
        count(path, packedHugePicture().length);
        response
          .writeHead(200, { "content-type": "image/png", "content-encoding": "gzip" })
          .end(packedHugePicture());
        return;
      case "/cut-off.png": {
        // Half a picture, then the connection goes.
        const bytes = goodPicture(2);
        response.writeHead(200, { "content-type": "image/png", "content-length": String(bytes.length) });
        const half = Math.floor(bytes.length / 2);
        response.write(bytes.subarray(0, half), () => response.destroy());
        count(path, half);
        return;
      }
      case "/badly-packed.png":
        response
          .writeHead(200, { "content-type": "image/png", "content-encoding": "gzip" })
          .end(Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), goodPicture(1)]));
        return;
      case "/unknown-packing.png":
        response
          .writeHead(200, { "content-type": "image/png", "content-encoding": "compress" })
          .end(goodPicture(1));
        return;
      case "/silent.png":
        return; // takes the request and never answers
      case "/page.png":
        response.writeHead(200, { "content-type": "image/png" }).end("<!doctype html><p>Not found</p>");
        return;
      case "/vector.svg":
        response
          .writeHead(200, { "content-type": "image/svg+xml" })
          .end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
        return;
      case "/elsewhere.png":
        response
          .writeHead(302, { location: `${options.redirectTo ?? "http://127.0.0.1:9"}/good/1.png` })
          .end();
        return;
      case "/nearby.png":
        response.writeHead(301, { location: "/good/77.png" }).end();
        return;
      case "/missing.png":
        response.writeHead(404).end();
        return;
      case "/broken.png":
        response.writeHead(500).end();
        return;
      default:
        response.writeHead(404).end();
    }
  });
  let accepted = 0;
  server.on("connection", () => {
    accepted += 1;
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    sent,
    accepted: () => accepted,
    openConnections: () =>
      new Promise<number>((resolve, reject) =>
        server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
