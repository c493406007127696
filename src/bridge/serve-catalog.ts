// A catalog service served to a browser: its handlers (sender-checked against the bridge's own
// origin) and its events behind the loopback bridge, with the built screens. `npm run ui`, the
// end-to-end test and the scan benchmark all start the screens this one way.

import {
  type CatalogServiceEvents,
  type CatalogServiceMethods,
  createCatalogHandlers,
  trustedSender,
} from "../core/app/index.ts";
import { type RunningBridge, startHttpBridge } from "./http-bridge.ts";

export function serveCatalog(options: {
  service: CatalogServiceMethods & CatalogServiceEvents & { pictureBytes?: (hash: string) => Buffer | null };
  pageDir: string;
  port?: number;
  onFault?: (what: string, error: unknown) => void;
}): Promise<RunningBridge> {
  const { service, onFault } = options;
  return startHttpBridge({
    handlers: (origin) =>
      createCatalogHandlers(service, { isTrustedSender: trustedSender(`${origin}/`), onFault }),
    events: service,
    pictureBytes: service.pictureBytes,
    pageDir: options.pageDir,
    port: options.port,
  });
}
