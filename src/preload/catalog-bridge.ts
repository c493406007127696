// Builds `window.catalog` from the contract's names: one method per channel, one subscription per
// event. It hands the page data only: never ipcRenderer, never the IPC event object.
import type { CatalogApi } from "../shared/ipc/catalog-api.ts";
import {
  catalogEvents,
  catalogMethods,
  eventChannel,
  methodChannel,
  subscriptionName,
} from "../shared/ipc/catalog-channels.ts";
import { appPictureAddress } from "../shared/ipc/picture-address.ts";

/** The part of Electron's ipcRenderer the bridge uses. */
export interface RendererIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/** The part of Electron's contextBridge the bridge uses. */
export interface ContextBridge {
  exposeInMainWorld(key: string, api: unknown): void;
}

/**
 * `imageAddress`: where this transport serves a cached picture (shared/ipc/picture-address.ts); the
 * desktop app's picture scheme unless the transport has its own (the browser bridge).
 */
export function createCatalogApi(
  ipc: RendererIpc,
  appVersion: string,
  imageAddress: (hash: string) => string = appPictureAddress,
): CatalogApi {
  const api: Record<string, unknown> = {
    appVersion,
    imageAddress: (hash: string) => imageAddress(String(hash)),
  };
  for (const method of catalogMethods) {
    const channel = methodChannel(method);
    // Exactly one argument crosses, whatever the page passes.
    api[method] = (argument?: unknown) => ipc.invoke(channel, argument);
  }
  for (const event of catalogEvents) {
    const channel = eventChannel(event);
    api[subscriptionName(event)] = (listener: (data: unknown) => void) => {
      if (typeof listener !== "function") throw new TypeError(`${subscriptionName(event)} needs a function`);
      const forward = (_event: unknown, data: unknown) => listener(data);
      ipc.on(channel, forward);
      return () => {
        ipc.removeListener(channel, forward);
      };
    };
  }
  return Object.freeze(api) as unknown as CatalogApi;
}

/** The one call a preload makes: `window.catalog` appears in the page, and nothing else. */
export function exposeCatalog(bridge: ContextBridge, ipc: RendererIpc, appVersion: string): void {
  bridge.exposeInMainWorld("catalog", createCatalogApi(ipc, appVersion));
}
