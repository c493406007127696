// The catalog core put together once: the session over the given stores, the API client per base
// URL, and the core over both. The CLI, the Electron app and the tests differ only in what they pass.

import type { ScanOptions } from "../../shared/barcode/scan-options.ts";
import type { SessionInfo } from "../../shared/catalog/session-info.ts";
import {
  defaultImageSettings,
  type ImageSettings,
  type PriceSettings,
  type ShelfLabelSettings,
} from "../../shared/settings/app-settings.ts";
import type { CommerceClientOptions } from "../api/commerce-client.ts";
import { createConnectionPool } from "../api/connection-pool.ts";
import { createImageShelf } from "../images/image-shelf.ts";
import { sessionImageAuth } from "../images/session-image-auth.ts";
import { createServiceTime, observeServiceDates, type ServiceTime } from "../session/service-time.ts";
import { createSession, type Session } from "../session/session.ts";
import type { RecordStore } from "../storage/record-store.ts";
import type { SecretStore } from "../storage/secret-store.ts";
import type { WorkerModule } from "../workers/worker-handle.ts";
import { type CatalogCore, createCatalogCore } from "./catalog-core.ts";

export interface CatalogWiring {
  dataDir: string;
  records: RecordStore<SessionInfo>;
  secrets: SecretStore;
  /** The till's own clock; the service's time is measured against it. */
  clock: () => number;
  /**
   * Everything of the API client but its base URL, which comes from the sign-in. Read for every
   * client the session makes, so a change of the settings (the timeouts) applies to the next request.
   */
  client?: () => Omit<CommerceClientOptions, "baseUrl" | "clock">;
  /** The scanner's settings, read at every lookup; the reader's defaults when absent. */
  scanOptions?: () => ScanOptions;
  /** The till's branch and currency, read at every lookup; the default prices when absent. */
  prices?: () => PriceSettings | Promise<PriceSettings>;
  /** The favourite set the settings name, read at every keys answer. */
  favouriteSet?: () => string | null;
  /** How the shelf labels show the unit price, read at every list of labels; German rules when absent. */
  shelfLabels?: () => ShelfLabelSettings;
  /** The picture cache's settings, read at every run; the defaults when absent. */
  images?: () => ImageSettings | Promise<ImageSettings>;
  /** The picture worker's module: picture runs then leave the calling thread (image-shelf.ts). */
  imageWorker?: WorkerModule;
  /** The count of scans being answered, shared with the picture worker (workers/scan-gate.ts). */
  scanGate?: SharedArrayBuffer;
}

export interface WiredCatalog {
  session: Session;
  core: CatalogCore;
  /** The service's time as this till knows it; `serviceTime.now` is what expiry and freshness use. */
  serviceTime: ServiceTime;
  /** Closes the catalog and ends every connection to the service. */
  close(): Promise<void>;
}

export function wireCatalog(wiring: CatalogWiring): WiredCatalog {
  const { dataDir, records, secrets } = wiring;
  const serviceTime = createServiceTime(wiring.clock);
  // Every client the session makes shares one pool: connections outlive a client, not the catalog.
  const connections = createConnectionPool();
  const session = createSession({
    records,
    secrets,
    createClient: async (baseUrl) => {
      const { createCommerceClient } = await import("../api/commerce-client.ts");
      const client = wiring.client?.();
      return createCommerceClient({
        ...client,
        baseUrl,
        fetch: observeServiceDates(client?.fetch ?? globalThis.fetch, serviceTime),
        // A retry-after date is the service's.
        clock: serviceTime.now,
        connections,
      });
    },
    time: serviceTime,
  });
  const { scanOptions, prices, favouriteSet, shelfLabels } = wiring;
  const images = createImageShelf({
    dataDir,
    clock: wiring.clock,
    settings: wiring.images ?? (() => defaultImageSettings),
    auth: sessionImageAuth(session),
    worker: wiring.imageWorker,
    scanGate: wiring.scanGate,
  });
  const core = createCatalogCore({
    dataDir,
    session,
    time: serviceTime,
    scanOptions,
    prices,
    images,
    favouriteSet,
    shelfLabels,
  });
  async function close(): Promise<void> {
    try {
      await core.close();
    } finally {
      await connections.close();
    }
  }
  return { session, core, serviceTime, close };
}
