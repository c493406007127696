// One picture fetched for the cache: read and counted as it arrives, checked to be an image and
// hashed. Keeping it is the cache's (picture-batch.ts), a batch at a time.
//
// A picture host is trusted less than the service: the answer's size is counted as it arrives (never
// taken from Content-Length), its first bytes must be PNG, JPEG, WebP or GIF, it must start and end
// within the request deadlines, a redirect may only stay on the same origin, and the session's token
// goes only to the service's own origin.
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { pipeline, type Readable, type Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { startAttemptDeadlines } from "../api/request-deadlines.ts";
import { type ImageKind, imageKindOf } from "./image-kind.ts";
import type { PictureConnections } from "./picture-connections.ts";

export interface ImageDownloadRequest {
  url: string;
  connections: PictureConnections;
  /** Sent as a bearer token only to this origin (the service's own); null sends it nowhere. */
  auth: { origin: string; token: string } | null;
  deadlines: { firstByteMs: number; wholeAnswerMs: number };
  /** A picture larger than this is refused while it streams. */
  maxBytes: number;
  signal?: AbortSignal;
}

/** Why a picture was not fetched. `retry`: worth trying again later (the host may recover). */
export interface ImageProblem {
  kind: "too-large" | "not-an-image" | "redirected" | "refused" | "timeout" | "unreachable" | "cancelled";
  message: string;
  retry: boolean;
}

export type ImageDownload =
  | { ok: true; hash: string; bytes: number; kind: ImageKind; body: Buffer }
  | { ok: false; problem: ImageProblem };

const maxRedirects = 3;

export async function downloadImage(request: ImageDownloadRequest): Promise<ImageDownload> {
  let url = request.url;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const attempt = await fetchOnce(request, url);
    if (!("follow" in attempt)) return attempt;
    url = attempt.follow;
  }
  return failed("redirected", `${request.url} redirects more than ${maxRedirects} times.`, false);
}

/** A download's outcome, or a redirect on the same origin to follow. */
type Attempt = ImageDownload | { follow: string };

const failed = (kind: ImageProblem["kind"], message: string, retry: boolean) =>
  ({ ok: false, problem: { kind, message, retry } }) as const;

async function fetchOnce(request: ImageDownloadRequest, url: string): Promise<Attempt> {
  const deadlines = startAttemptDeadlines(
    { connectMs: request.deadlines.firstByteMs, ...request.deadlines },
    request.signal,
  );
  // Once the answer has started, a fault is the answer's (cut off, badly packed), not the host being
  // away: being away holds back every other picture of the host until the next run.
  let answered = false;
  try {
    const target = new URL(url);
    const headers: Record<string, string> = { ...pictureHeaders };
    if (request.auth !== null && target.origin === request.auth.origin) {
      headers.authorization = `Bearer ${request.auth.token}`;
    }
    const response = await request.connections.get(target, headers, deadlines.signal);
    deadlines.answerStarted();
    answered = true;
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      // Whatever such an answer carries is never read: its connection goes, not just its body.
      response.destroy();
      if (status >= 300 && status < 400) return redirected(url, response.headers.location ?? null);
      const retry = status === 404 || status === 408 || status === 429 || status >= 500;
      return failed("refused", `${url} answered ${status} instead of a picture.`, retry);
    }
    return await received(request, url, response, deadlines.signal);
  } catch {
    if (deadlines.missed() !== null) {
      return failed("timeout", `${url} did not send the picture in time.`, true);
    }
    if (request.signal?.aborted) return failed("cancelled", "The picture download was cancelled.", true);
    if (answered) return failed("refused", `${url} sent an incomplete or damaged picture.`, true);
    return failed("unreachable", `${url} could not be reached.`, true);
  } finally {
    deadlines.finish();
  }
}

/**
 * Pictures only, uncompressed (they are compressed already: a host compressing them again spends CPU
 * on both sides for nothing, though one that does is still read), from a client that says what it is
 * (some hosts refuse one that does not).
 */
const pictureHeaders = {
  accept: "image/png, image/jpeg, image/webp, image/gif",
  "accept-encoding": "identity",
  "user-agent": "pos-catalog picture cache",
};

/** A redirect is followed only on the same origin; anywhere else is refused, token or not. */
function redirected(from: string, location: string | null): Attempt {
  const target = location === null ? null : URL.parse(location, from);
  if (target === null || target.origin !== new URL(from).origin) {
    return failed(
      "redirected",
      `${from} redirects to another address, which a till does not follow for pictures.`,
      false,
    );
  }
  return { follow: target.href };
}

/** Reads the body, counting it against the cap as it arrives; once whole, proves it a picture and hashes it. */
async function received(
  request: ImageDownloadRequest,
  url: string,
  response: IncomingMessage,
  signal: AbortSignal,
): Promise<ImageDownload> {
  const decoded = decodedBody(response);
  if (decoded === null) {
    response.destroy();
    return failed("not-an-image", `${url} is sent in an encoding a till cannot read.`, false);
  }
  const body = await readUpTo(decoded, request.maxBytes);
  if (body === null) {
    const megabytes = request.maxBytes / 1_000_000;
    return failed("too-large", `${url} is larger than ${megabytes} MB, too large for a picture.`, false);
  }
  signal.throwIfAborted();
  const kind = imageKindOf(body);
  if (kind === null) {
    return failed("not-an-image", `${url} is not a PNG, JPEG, WebP or GIF picture.`, false);
  }
  const hash = createHash("sha256").update(body).digest("hex");
  return { ok: true, hash, bytes: body.byteLength, kind, body };
}

const decoders: Record<string, () => Transform> = {
  gzip: createGunzip,
  "x-gzip": createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** The answer's bytes as the host meant them: decompressed, and counted against the cap once so. */
function decodedBody(response: IncomingMessage): Readable | null {
  const encoding = (response.headers["content-encoding"] ?? "").trim().toLowerCase();
  if (encoding === "" || encoding === "identity") return response;
  const decoder = decoders[encoding];
  if (decoder === undefined) return null;
  // A fault on either side destroys both; the last stream then reports it.
  return pipeline(response, decoder(), () => undefined);
}

/** The whole body, or null once it passes `maxBytes` (reading stops there). Rejects if it is cut off. */
function readUpTo(body: Readable, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    body.on("data", (chunk: Buffer) => {
      bytes += chunk.byteLength;
      if (bytes > maxBytes) {
        body.destroy();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    body.on("end", () => resolve(Buffer.concat(chunks, bytes)));
    body.on("error", reject);
    // Closed without an end: the connection went (a promise already settled ignores this).
    body.on("close", () => reject(new Error("the answer was cut off")));
  });
}
