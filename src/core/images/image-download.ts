// One picture fetched for the cache: read and counted as it arrives, checked to be an image and
// hashed. Keeping it is the cache's (picture-batch.ts), a batch at a time.
//
// A picture host is trusted less than the service: the answer's size is counted as it arrives (never
// taken from Content-Length), its first bytes must be PNG, JPEG, WebP or GIF, it must start and end
// within the request deadlines, a redirect may only stay on the same origin, and the session's token
// goes only to the service's own origin.
import { createHash } from "node:crypto";
import { startAttemptDeadlines } from "../api/request-deadlines.ts";
import { type ImageKind, imageKindOf } from "./image-kind.ts";

export interface ImageDownloadRequest {
  url: string;
  fetch: typeof fetch;
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
  try {
    const headers: Record<string, string> = { accept: "image/png, image/jpeg, image/webp, image/gif" };
    if (request.auth !== null && new URL(url).origin === request.auth.origin) {
      headers.authorization = `Bearer ${request.auth.token}`;
    }
    const response = await request.fetch(url, { headers, redirect: "manual", signal: deadlines.signal });
    deadlines.answerStarted();
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      return redirected(url, response.headers.get("location"));
    }
    if (!response.ok) {
      await response.body?.cancel();
      const retry =
        response.status === 404 ||
        response.status === 408 ||
        response.status === 429 ||
        response.status >= 500;
      return failed("refused", `${url} answered ${response.status} instead of a picture.`, retry);
    }
    return await received(request, url, response, deadlines.signal);
  } catch {
    if (deadlines.missed() !== null) {
      return failed("timeout", `${url} did not send the picture in time.`, true);
    }
    if (request.signal?.aborted) return failed("cancelled", "The picture download was cancelled.", true);
    return failed("unreachable", `${url} could not be reached.`, true);
  } finally {
    deadlines.finish();
  }
}

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
  response: Response,
  signal: AbortSignal,
): Promise<ImageDownload> {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body?.getReader();
  while (reader !== undefined) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > request.maxBytes) {
      await reader.cancel();
      const megabytes = request.maxBytes / 1_000_000;
      return failed("too-large", `${url} is larger than ${megabytes} MB, too large for a picture.`, false);
    }
    chunks.push(value);
  }
  signal.throwIfAborted();
  const body = Buffer.concat(chunks, bytes);
  const kind = imageKindOf(body);
  if (kind === null) {
    return failed("not-an-image", `${url} is not a PNG, JPEG, WebP or GIF picture.`, false);
  }
  return { ok: true, hash: createHash("sha256").update(body).digest("hex"), bytes, kind, body };
}
