// The page's end of the browser bridge: the same RendererIpc the Electron preload gets from
// ipcRenderer, spoken over loopback HTTP instead. Calls are POSTed with the run's secret; events
// arrive as one JSON object a line on a long-lived response. Every answer and every event is parsed
// against the IPC contract here too, so the page trusts nothing the wire did not prove.
import type { z } from "zod";
import type { RendererIpc } from "../../preload/catalog-bridge.ts";
import { methodOfChannel } from "../../shared/ipc/catalog-channels.ts";
import { catalogContract, catalogEventContract } from "../../shared/ipc/catalog-contract.ts";
import { ipcResultSchema } from "../../shared/ipc/ipc-result.ts";
import { bridgePaths, eventOfChannel } from "../bridge-paths.ts";

export interface HttpIpcOptions {
  /** The bridge's origin, e.g. http://127.0.0.1:41234 */
  origin: string;
  secret: string;
  fetch: typeof fetch;
  /** Wait before reconnecting a dropped event stream. */
  reconnectMs?: number;
}

export interface HttpRendererIpc extends RendererIpc {
  /** Stops the event stream. */
  close(): void;
}

type Listener = (event: unknown, ...args: unknown[]) => void;

export function httpRendererIpc(options: HttpIpcOptions): HttpRendererIpc {
  const listeners = new Map<string, Set<Listener>>();
  const headers = { authorization: `Bearer ${options.secret}` };
  let stream: AbortController | null = null;

  async function invoke(channel: string, argument?: unknown): Promise<unknown> {
    const method = methodOfChannel(channel);
    if (method === null) return failure("invalid-argument", `There is no catalog call named ${channel}.`);
    let body: unknown;
    try {
      const response = await options.fetch(
        `${options.origin}${bridgePaths.call}${encodeURIComponent(channel)}`,
        {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ argument: argument ?? null }),
        },
      );
      body = await response.json();
    } catch {
      return failure("internal", "The catalog app is not answering. Restart it if this lasts.");
    }
    const parsed = ipcResultSchema(catalogContract[method].result as z.ZodType).safeParse(body);
    return parsed.success
      ? parsed.data
      : failure("invalid-response", "The catalog app answered something this page cannot read.");
  }

  function dispatch(line: string): void {
    let message: { channel?: unknown; data?: unknown };
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    const event = typeof message.channel === "string" ? eventOfChannel(message.channel) : null;
    if (event === null || typeof message.channel !== "string") return;
    const parsed = (catalogEventContract[event] as z.ZodType).safeParse(message.data);
    if (!parsed.success) return;
    for (const listener of listeners.get(message.channel) ?? []) listener(null, parsed.data);
  }

  async function follow(controller: AbortController): Promise<void> {
    while (!controller.signal.aborted) {
      try {
        const response = await options.fetch(`${options.origin}${bridgePaths.events}`, {
          headers,
          signal: controller.signal,
        });
        if (!response.ok || response.body === null) throw new Error(`events: ${response.status}`);
        await readLines(response.body, dispatch);
      } catch {
        // Dropped or refused: try again shortly, unless the page closed the stream.
      }
      if (!controller.signal.aborted) await sleep(options.reconnectMs ?? 1000);
    }
  }

  return {
    invoke,
    on(channel, listener) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)?.add(listener);
      if (stream === null) {
        stream = new AbortController();
        void follow(stream);
      }
    },
    removeListener(channel, listener) {
      listeners.get(channel)?.delete(listener);
    },
    close() {
      stream?.abort();
      stream = null;
    },
  };
}

async function readLines(body: ReadableStream<Uint8Array>, onLine: (line: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of body) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.trim() !== "") onLine(line);
  }
}

function failure(kind: string, message: string) {
  return { ok: false, error: { kind, message } };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
