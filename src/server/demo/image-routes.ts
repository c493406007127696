// The demo pictures: `GET /images/demo/<kind>-<number>-<1x|2x>.png`, open to anyone (like a shop's
// image host, they hold nothing secret), cacheable, and failing as the fault switch says, so a till's
// image cache meets the same bad network as its sync.
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type FaultSwitch, serveFault } from "../faults/faults.ts";
import { HttpError } from "../http/http-error.ts";
import { drawDemoImage, parseDemoImageName } from "./demo-images.ts";

export interface ImageRouteDependencies {
  faults: FaultSwitch;
}

type ImageRequest = FastifyRequest<{ Params: { file: string } }>;

/**
 * Drawn pictures kept for the next request: a room of tills asks for the same ones. Enough for the
 * pictures of a 50,000-product demo catalog (about 2 KB each, 60 MB at most). Kept for the process,
 * not for one service: a name gives the same bytes at any address and seed, and a process that starts
 * services again and again (the tests: each picture drawn by several) draws each once.
 */
const keptImages = 30_000;
/** The bytes never change for a name, so a client may keep them as long as it likes. */
const cacheControl = "public, max-age=31536000, immutable";

interface DrawnImage {
  bytes: Buffer;
  etag: string;
}

const drawn = new Map<string, DrawnImage>();

function imageOf(file: string): DrawnImage {
  const kept = drawn.get(file);
  if (kept !== undefined) return kept;
  const name = parseDemoImageName(file);
  if (name === null) throw new HttpError(404, "No demo image has this name.");
  const bytes = drawDemoImage(name);
  const image = { bytes, etag: `"${createHash("sha256").update(bytes).digest("base64url")}"` };
  if (drawn.size >= keptImages) drawn.delete(drawn.keys().next().value as string);
  drawn.set(file, image);
  return image;
}

export function registerImageRoutes(app: FastifyInstance, deps: ImageRouteDependencies): void {
  app.get("/images/demo/:file", async (request: ImageRequest, reply: FastifyReply) => {
    const image = imageOf(request.params.file);
    const fault = deps.faults.draw();
    // Before the cache headers: an injected error must not be kept as the picture.
    if (fault !== null && fault.kind !== "slow" && fault.kind !== "truncated") {
      return serveFault(fault, request, reply, async () => image.bytes, "image/png");
    }
    reply.header("cache-control", cacheControl).header("etag", image.etag);
    reply.removeHeader("pragma");
    if (request.headers["if-none-match"] === image.etag) return reply.code(304).send();
    if (fault !== null) return serveFault(fault, request, reply, async () => image.bytes, "image/png");
    return reply.type("image/png").send(image.bytes);
  });
}
