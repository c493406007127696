// The catalog core put together once: the session over the given stores, the API client per base
// URL, and the core over both. The CLI, the Electron app and the tests differ only in what they pass.

import type { ScanOptions } from "../shared/barcode/scan-options.ts";
import type { SessionInfo } from "../shared/catalog/session-info.ts";
import type { PriceSettings } from "../shared/settings/app-settings.ts";
import type { CommerceClientOptions } from "./api/commerce-client.ts";
import { type CatalogCore, createCatalogCore } from "./catalog-core.ts";
import { createSession, type Session } from "./session/session.ts";
import type { RecordStore } from "./storage/record-store.ts";
import type { SecretStore } from "./storage/secret-store.ts";

export interface CatalogWiring {
  dataDir: string;
  records: RecordStore<SessionInfo>;
  secrets: SecretStore;
  clock: () => number;
  /** Everything of the API client but its base URL, which comes from the sign-in. */
  client?: Omit<CommerceClientOptions, "baseUrl" | "clock">;
  /** The scanner's settings, read at every lookup; the reader's defaults when absent. */
  scanOptions?: () => ScanOptions;
  /** The till's branch and currency, read at every lookup; the default prices when absent. */
  prices?: () => PriceSettings | Promise<PriceSettings>;
}

export interface WiredCatalog {
  session: Session;
  core: CatalogCore;
}

export function wireCatalog(wiring: CatalogWiring): WiredCatalog {
  const { dataDir, records, secrets, clock } = wiring;
  const session = createSession({
    records,
    secrets,
    createClient: async (baseUrl) => {
      const { createCommerceClient } = await import("./api/commerce-client.ts");
      return createCommerceClient({ ...wiring.client, baseUrl, clock });
    },
    clock,
  });
  const { scanOptions, prices } = wiring;
  return { session, core: createCatalogCore({ dataDir, session, clock, scanOptions, prices }) };
}
