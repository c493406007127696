// Whether a call comes from the app's own page. Pure, so every transport (Electron IPC, the browser
// bridge) applies the same rule, and the rule can be tested against hostile addresses.

/**
 * The check for a page served from `appUrl`. http(s) and custom schemes: same origin. file: (the
 * packaged page) has no real origin, so the sender must be that very file.
 */
export function trustedSender(appUrl: string): (senderUrl: string | null | undefined) => boolean {
  const app = new URL(appUrl);
  return (senderUrl) => {
    const sender = parseUrl(senderUrl);
    if (sender === null || sender.protocol !== app.protocol) return false;
    if (app.protocol === "file:") return sender.host === app.host && sender.pathname === app.pathname;
    // An opaque origin ("null", data:, blob:) never equals a real one.
    return sender.origin !== "null" && sender.origin === app.origin;
  };
}

function parseUrl(text: string | null | undefined): URL | null {
  if (typeof text !== "string" || text === "") return null;
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
