// The catalog service as the desktop app runs it, over the test's data directory and the reference
// service, with the real sync and picture workers and short retry waits.
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { z } from "zod";
import { bundledWorkers } from "../../src/cli/bundled-workers.ts";
import { type CatalogApp, type CatalogLog, openCatalog } from "../../src/core/app/index.ts";
import type { ServiceClock } from "../../src/core/service-clock.ts";
import { dataDirStores } from "../../src/core/storage/data-dir-stores.ts";
import { createJsonFileStore } from "../../src/core/storage/json-file-store.ts";
import type { SecretStore } from "../../src/core/storage/secret-store.ts";
import { settingsStoreOver } from "../../src/core/storage/settings-store.ts";
import type { CreateWorker } from "../../src/core/workers/worker-handle.ts";
import type { RunningService } from "../../src/server/service.ts";
import type { AppStatus } from "../../src/shared/catalog/app-status.ts";
import {
  type AppSettings,
  defaultImageSettings,
  defaultSettings,
} from "../../src/shared/settings/app-settings.ts";

/**
 * The workers as the desktop app starts them: one bundle each (the CLI's, bundled-workers.ts), not
 * each TypeScript file stripped of its types again at every sync these tests run.
 */
const bundles = await bundledWorkers();

/**
 * For files whose tests each run two or three syncs in worker threads: a few seconds on a quiet
 * machine, but catalog-service.test.ts took 136 s in a whole `npm test` against 23 s alone, and one
 * of its tests went over 30 s. The limit leaves room for a busy machine; what is tested is the
 * outcome, never how long it took.
 */
export const syncsInWorkers = { timeout: 90_000 };

export interface TestCatalogService {
  service: CatalogApp;
  /** Every worker the service started, in order. */
  workers: Worker[];
  secrets: SecretStore;
  statuses: AppStatus[];
  /** Resolves with the first status event (from now on) that passes the test. */
  nextStatus(test: (status: AppStatus) => boolean): Promise<AppStatus>;
}

export function openTestService(
  dataDir: string,
  options: {
    clock?: ServiceClock;
    rememberUnavailable?: string | null;
    secrets?: SecretStore;
    /** The worker module of each sync in turn, instead of the real one; the real one after these. */
    workerUrls?: (URL | undefined)[];
    /** How each sync's worker starts, instead of a thread of this process (then `workers` stays empty). */
    createSyncWorker?: CreateWorker;
    /** How each picture run's worker starts, instead of a thread of this process. */
    createPictureWorker?: CreateWorker;
    /** Instead of short retry waits and a 5 s first-byte deadline. */
    client?: Parameters<typeof openCatalog>[0]["client"];
    log?: CatalogLog;
    /** false: a new till's pictures turned off in its settings, as under Settings → Pictures. */
    pictures?: boolean;
  } = {},
): TestCatalogService {
  if (options.pictures === false) picturesOff(dataDir);
  const stores = dataDirStores(dataDir);
  const secrets = options.secrets ?? stores.secrets;
  const workers: Worker[] = [];
  const service = openCatalog({
    dataDir,
    stores: {
      records: stores.records,
      secrets,
      settings: settingsStoreOver(createJsonFileStore(join(dataDir, "settings.json"), z.unknown())),
    },
    rememberUnavailable: options.rememberUnavailable ?? null,
    clock: options.clock,
    ...(options.log === undefined ? {} : { log: options.log }),
    pictures: { worker: bundles.pictures, create: options.createPictureWorker },
    sync: {
      worker: bundles.sync,
      create:
        options.createSyncWorker ??
        ((url, workerOptions) => {
          const worker = new Worker(options.workerUrls?.[workers.length] ?? url, workerOptions);
          workers.push(worker);
          return worker;
        }),
    },
    client: options.client ?? {
      retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 },
      deadlines: { firstByteMs: 5000 },
    },
    probe: { timeoutMs: 2000 },
    onFault: (what, error) => {
      throw new Error(`unexpected fault in ${what}: ${String(error)}`);
    },
  });
  const statuses: AppStatus[] = [];
  const waiting: { test: (status: AppStatus) => boolean; resolve: (status: AppStatus) => void }[] = [];
  service.onStatusChanged((status) => {
    statuses.push(status);
    for (const wait of [...waiting]) {
      if (!wait.test(status)) continue;
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(status);
    }
  });
  return {
    service,
    workers,
    secrets,
    statuses,
    nextStatus: (test) => new Promise((resolve) => waiting.push({ test, resolve })),
  };
}

/** A new till's settings with pictures off (a till opened before keeps its own). */
function picturesOff(dataDir: string): void {
  const file = join(dataDir, "settings.json");
  if (existsSync(file)) return;
  const settings: AppSettings = { ...defaultSettings, images: { ...defaultImageSettings, enabled: false } };
  writeFileSync(file, JSON.stringify(settings));
}

export function signInDemoService(service: CatalogApp, running: RunningService, remember = false) {
  const { organisation, username, password } = running.demo;
  return service.signInOrganisation({ baseUrl: running.baseUrl, organisation, username, password, remember });
}

/**
 * The status that passes `wanted`: now, or once one comes. Listened for before the status is read, so
 * one sent while it is read (the last of a run) is not missed.
 */
export async function statusWhen(
  test: TestCatalogService,
  wanted: (status: AppStatus) => boolean,
): Promise<AppStatus> {
  const next = test.nextStatus(wanted);
  const now = await test.service.status();
  return wanted(now) ? now : next;
}

/** Waits until no sync runs (the background sync a sign-in or start-up begins has ended). */
export function syncsSettled(test: TestCatalogService): Promise<AppStatus> {
  return statusWhen(test, (status) => !status.sync.running);
}
