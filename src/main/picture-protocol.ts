// The desktop app's picture scheme, `catalog-image://cache/<hash>`: registered as privileged before the
// app is ready (standard, so it has an origin the CSP can name; secure, so the page's context stays
// secure), without bypassCSP, fetch or CORS, so only <img> under the page's CSP can load from it.
// It answers only hashes the picture cache holds (src/core/images/picture-answer.ts).
import type { Protocol } from "electron";
import { answerPicture } from "../core/app/index.ts";
import { pictureOrigin, pictureScheme } from "../shared/ipc/picture-address.ts";

/** Must run before the app's ready event: Electron reads privileged schemes once, at start-up. */
export function registerPictureScheme(protocol: Pick<Protocol, "registerSchemesAsPrivileged">): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: pictureScheme, privileges: { standard: true, secure: true } },
  ]);
}

export function servePictures(
  protocol: Pick<Protocol, "handle">,
  pictureBytes: (hash: string) => Buffer | null,
): void {
  protocol.handle(pictureScheme, (request) => {
    const answer = answerPicture(request.method, nameIn(request.url), pictureBytes);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
}

/** The hash part of `catalog-image://cache/<hash>`; "" for any other form (host, query, more path). */
function nameIn(address: string): string {
  const url = URL.parse(address);
  // A custom scheme has no origin in WHATWG terms: scheme and host are compared instead.
  if (url === null || `${url.protocol}//${url.host}` !== pictureOrigin) return "";
  if (url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") return "";
  return url.pathname.slice(1);
}
