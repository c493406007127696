// The preload's bridge over a recording ipcRenderer: one method per contract channel, one
// subscription per event, data only to the page.
import { describe, expect, it } from "vitest";
import { createCatalogApi, exposeCatalog, type RendererIpc } from "../../src/preload/catalog-bridge.ts";
import {
  catalogEvents,
  catalogMethods,
  eventChannel,
  methodChannel,
} from "../../src/shared/ipc/catalog-channels.ts";

function recordingIpc() {
  const invoked: unknown[][] = [];
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  const ipc: RendererIpc = {
    async invoke(channel, ...args) {
      invoked.push([channel, ...args]);
      return { ok: true, value: null };
    },
    on(channel, listener) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)?.add(listener);
    },
    removeListener(channel, listener) {
      listeners.get(channel)?.delete(listener);
    },
  };
  const emit = (channel: string, data: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener({ sender: "ipc event object" }, data);
  };
  return { ipc, invoked, listeners, emit };
}

describe("the preload's catalog API", () => {
  it("has one method per channel, one subscription per event, the picture address, and nothing else", () => {
    const api = createCatalogApi(recordingIpc().ipc, "1.2.3");
    const expected = [
      "appVersion",
      "imageAddress",
      ...catalogMethods,
      ...catalogEvents.map((event) => `on${event[0]?.toUpperCase()}${event.slice(1)}`),
    ];
    expect(Object.keys(api).sort()).toEqual(expected.sort());
    expect(api.appVersion).toBe("1.2.3");
    expect(Object.isFrozen(api)).toBe(true);
  });

  it("addresses a picture on the app's picture scheme, encoding whatever the page passes", () => {
    const api = createCatalogApi(recordingIpc().ipc, "1");
    const hash = "ab".repeat(32);
    expect(api.imageAddress(hash)).toBe(`catalog-image://cache/${hash}`);
    expect(api.imageAddress("../../etc/passwd")).toBe("catalog-image://cache/..%2F..%2Fetc%2Fpasswd");
    const bridged = createCatalogApi(
      recordingIpc().ipc,
      "1",
      (name) => `http://127.0.0.1:1/pictures/t/${name}`,
    );
    expect(bridged.imageAddress(hash)).toBe(`http://127.0.0.1:1/pictures/t/${hash}`);
  });

  it("invokes the method's own channel with exactly one argument", async () => {
    const { ipc, invoked } = recordingIpc();
    const api = createCatalogApi(ipc, "1");
    await api.lookup({ code: "4006381333931" });
    await (api.search as (...args: unknown[]) => Promise<unknown>)({ text: "tea" }, "extra", "args");
    await api.status();
    expect(invoked).toEqual([
      [methodChannel("lookup"), { code: "4006381333931" }],
      [methodChannel("search"), { text: "tea" }],
      [methodChannel("status"), undefined],
    ]);
  });

  it("passes event data only, and the returned function unsubscribes", () => {
    const { ipc, emit, listeners } = recordingIpc();
    const api = createCatalogApi(ipc, "1");
    const seen: unknown[][] = [];
    const stop = api.onSyncProgress((...args: unknown[]) => seen.push(args));
    emit(eventChannel("syncProgress"), { done: 1 });
    stop();
    emit(eventChannel("syncProgress"), { done: 2 });
    expect(seen).toEqual([[{ done: 1 }]]);
    expect(listeners.get(eventChannel("syncProgress"))?.size).toBe(0);
  });

  it("refuses a listener that is not a function", () => {
    const api = createCatalogApi(recordingIpc().ipc, "1");
    expect(() => api.onStatusChanged("nope" as never)).toThrow(TypeError);
  });

  it("exposes the API as window.catalog only", () => {
    const exposed: [string, unknown][] = [];
    exposeCatalog({ exposeInMainWorld: (key, api) => exposed.push([key, api]) }, recordingIpc().ipc, "9");
    expect(exposed.map(([key]) => key)).toEqual(["catalog"]);
  });
});
