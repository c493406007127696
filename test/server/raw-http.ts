// HTTP written byte by byte on a plain socket, for requests fetch refuses to send (bad bytes in the path,
// repeated Content-Length, unknown methods...). Reads the first answer and gives it back parsed.
import { connect } from "node:net";
import type { Reply } from "./service-harness.ts";

export interface RawReply extends Reply {
  statusLine: string;
}

/** A request sent in two goes: `request`, then after `pauseMs` these bytes. */
export interface HeldBack {
  rest: string | Buffer;
  pauseMs: number;
}

/**
 * Sends `request` as is (and `heldBack.rest` after a pause) and resolves with the first answer; rejects if
 * none comes within `timeoutMs`. `early` is how many bytes of the answer came before the rest was sent.
 */
export function rawRequest(
  baseUrl: string,
  request: string | Buffer,
  timeoutMs = 10_000,
  heldBack?: HeldBack,
): Promise<RawReply & { early: number }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    let early = heldBack === undefined ? 0 : Number.NaN;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms: ${JSON.stringify(received.toString())}`));
    }, timeoutMs);
    const finish = (reply: RawReply | undefined) => {
      if (!reply) return;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...reply, early: Number.isNaN(early) ? received.length : early });
    };
    socket.on("data", (chunk) => {
      received = Buffer.concat([received, chunk]);
      finish(parseReply(received, false));
    });
    socket.on("end", () => finish(parseReply(received, true)));
    socket.on("close", () => {
      const reply = parseReply(received, true);
      if (reply) finish(reply);
      else {
        clearTimeout(timer);
        reject(new Error(`connection closed without an answer: ${JSON.stringify(received.toString())}`));
      }
    });
    socket.on("error", () => undefined);
    socket.write(request);
    if (heldBack !== undefined) {
      setTimeout(() => {
        early = received.length;
        socket.write(heldBack.rest);
      }, heldBack.pauseMs);
    }
  });
}

/** The answer in `bytes` once it is complete (by Content-Length, or by the connection closing). */
function parseReply(bytes: Buffer, closed: boolean): RawReply | undefined {
  const headEnd = bytes.indexOf("\r\n\r\n");
  if (headEnd < 0) return undefined;
  const [statusLine = "", ...headerLines] = bytes.subarray(0, headEnd).toString("latin1").split("\r\n");
  const headers = new Headers();
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const body = bytes.subarray(headEnd + 4);
  const length = Number(headers.get("content-length") ?? Number.NaN);
  if (!(body.length >= length) && !closed) return undefined;
  const text = body.subarray(0, Number.isNaN(length) ? body.length : length).toString("utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { statusLine, status: Number(statusLine.split(" ")[1]), headers, text, json };
}
