// Runs in the browser before the app: puts window.catalog into the page, backed by the loopback bridge.
// The run's secret comes in the address's fragment (never sent to any server, never logged) and is
// kept for this tab only, so a reload still works and the address bar no longer shows it.
import { createCatalogApi } from "../../preload/catalog-bridge.ts";
import { bridgePictureAddress } from "../../shared/ipc/picture-address.ts";
import { httpRendererIpc } from "./http-renderer-ipc.ts";

const fragment = new URLSearchParams(location.hash.slice(1));
if (fragment.has("bridge")) history.replaceState(null, "", location.pathname + location.search);

/** A value of the fragment (the run's secret, its picture token), kept for this tab's reloads. */
function take(name: "bridge" | "pictures"): string {
  const key = `catalog-bridge-${name === "bridge" ? "secret" : name}`;
  const given = fragment.get(name);
  if (given) {
    sessionStorage.setItem(key, given);
    return given;
  }
  return sessionStorage.getItem(key) ?? "";
}

const ipc = httpRendererIpc({
  origin: location.origin,
  secret: take("bridge"),
  fetch: fetch.bind(globalThis),
});
const pictureToken = take("pictures");
Object.defineProperty(window, "catalog", {
  value: createCatalogApi(ipc, "browser bridge", (hash) =>
    bridgePictureAddress(location.origin, pictureToken, hash),
  ),
  enumerable: true,
});
