// The one permission the app's page gets: the camera (video only, for scanning with it), asked by the
// app's own page. Everything else (microphone, notifications, geolocation, HID, other pages) is
// refused, asked or checked, as before the camera.
import { trustedSender } from "../core/app/index.ts";

/** What Electron tells the handlers about a request (a part of its details). */
export interface PermissionAsk {
  permission: string;
  /** The page asking: the request's requestingUrl, the check's requestingUrl or origin. */
  url: string | undefined;
  /** A media request's kinds ("video", "audio"); a check's one kind. */
  mediaTypes: readonly string[] | undefined;
}

export function cameraOnlyFor(appUrl: string): (ask: PermissionAsk) => boolean {
  const isAppPage = trustedSender(appUrl);
  return ({ permission, url, mediaTypes }) =>
    permission === "media" &&
    isAppPage(url) &&
    mediaTypes !== undefined &&
    mediaTypes.length > 0 &&
    mediaTypes.every((type) => type === "video");
}
