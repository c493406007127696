// Where a page loads a cached product picture from. In Electron: a privileged scheme of the app's own
// (src/main/picture-protocol.ts); in the browser bridge: a route of the bridge behind a per-run
// picture token (src/bridge/http-bridge.ts). Either serves only cache entries, by hash.

/** The desktop app's scheme; its one host names the cache: `catalog-image://cache/<hash>`. */
export const pictureScheme = "catalog-image";
export const pictureOrigin = `${pictureScheme}://cache`;

export function appPictureAddress(hash: string): string {
  return `${pictureOrigin}/${encodeURIComponent(hash)}`;
}

/** The bridge's route: `/pictures/<token>/<hash>`; the token is the run's, not the bridge's secret. */
export const bridgePicturePrefix = "/pictures/";

export function bridgePictureAddress(origin: string, token: string, hash: string): string {
  return `${origin}${bridgePicturePrefix}${encodeURIComponent(token)}/${encodeURIComponent(hash)}`;
}
