// The renderer's index.html as the bridge serves it: the bridge client loads first (a classic script
// runs before the app's module), and the page may talk to its own origin, nothing else. Its pictures
// come from the bridge's own route ('self'), so the desktop app's picture scheme is not allowed here.

import { pictureOrigin } from "../shared/ipc/picture-address.ts";

export function pageHtml(html: string): string {
  const withClient = html.replace(
    /<script type="module"/,
    '<script src="./bridge-client.js"></script>\n    <script type="module"',
  );
  return withClient
    .replace("connect-src 'none'", "connect-src 'self'")
    .replace(`img-src 'self' data: ${pictureOrigin};`, "img-src 'self' data:;");
}
