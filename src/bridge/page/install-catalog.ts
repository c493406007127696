// Runs in the browser before the app: puts window.catalog into the page, backed by the loopback bridge.
// The run's secret comes in the address's fragment (never sent to any server, never logged) and is
// kept for this tab only, so a reload still works and the address bar no longer shows it.
import { createCatalogApi } from "../../preload/catalog-bridge.ts";
import { httpRendererIpc } from "./http-renderer-ipc.ts";

const storageKey = "catalog-bridge-secret";

function takeSecret(): string {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get("bridge");
  if (fromHash) {
    sessionStorage.setItem(storageKey, fromHash);
    history.replaceState(null, "", location.pathname + location.search);
    return fromHash;
  }
  return sessionStorage.getItem(storageKey) ?? "";
}

const ipc = httpRendererIpc({ origin: location.origin, secret: takeSecret(), fetch: fetch.bind(globalThis) });
Object.defineProperty(window, "catalog", {
  value: createCatalogApi(ipc, "browser bridge"),
  enumerable: true,
});
