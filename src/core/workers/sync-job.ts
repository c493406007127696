// One sync, run where the worker's entry put it (a thread or a process of its own, worker-entry.ts):
// its own write connection to the catalog file, a token asked of the main side before each request,
// its progress posted as it goes. The last message, `done` or `failed`, is posted only once the
// catalog and the connections are closed, so the main side may end the worker as soon as it comes.
import { isAppError } from "../../shared/app-error.ts";
import { type Auth, createCommerceClient } from "../api/commerce-client.ts";
import { createConnectionPool } from "../api/connection-pool.ts";
import { startTimeBudget } from "../api/time-budget.ts";
import { cancelledError } from "../cancellation.ts";
import { guardCatalogFile } from "../catalog/catalog-file-guard.ts";
import { syncCatalogFile } from "../sync/catalog-file-sync.ts";
import type { ProductsSource } from "../sync/sync-engine.ts";
import { scanGate } from "./scan-gate.ts";
import type { FromWorker, SyncJob, ToWorker } from "./sync-protocol.ts";
import { fromWireError, toWireError } from "./wire-error.ts";
import type { WorkerPort } from "./worker-entry.ts";

/** The sync's side of the line to the main side, whatever carries it. */
export type JobPort = WorkerPort<FromWorker, ToWorker>;

const cancelMessage = "The sync was cancelled. It will resume where it stopped.";

export async function runSyncJob(port: JobPort, job: SyncJob, writerId: number): Promise<void> {
  const post = (message: FromWorker) => port.postMessage(message);
  const cancel = new AbortController();
  const tokens = tokenRequests(post);
  port.onMessage((message) => {
    if (message.type === "cancel") cancel.abort();
    else tokens.settle(message);
  });
  const connections = createConnectionPool();
  const budget = startTimeBudget({
    work: "sync",
    totalMs: job.limitMs,
    now: Date.now,
    onWaiting: (wait) => post({ type: "waiting", wait }),
  });
  const client = createCommerceClient({ ...job.client, baseUrl: job.baseUrl, connections, budget });
  const authorised = async <T>(work: (auth: Auth) => Promise<T>): Promise<T> => {
    const auth = await tokens.ask(null);
    try {
      return await work(auth);
    } catch (error) {
      if (!isAppError(error, "unauthorized")) throw error;
      // The main side renews the session and answers a different token, or says why it cannot.
      return work(await tokens.ask(auth.token));
    }
  };
  const source: ProductsSource = {
    fetchPage: (query, signal, onSent) =>
      authorised((auth) => client.fetchProductsPage(auth, query, signal, onSent)),
    total: (filters, signal) => authorised((auth) => client.productsTotal(auth, filters, signal)),
    branches: (signal) => authorised((auth) => client.branches(auth, signal)),
    referenceList: (kind, signal) => authorised((auth) => client.referenceList(auth, kind, signal)),
  };
  const clock = () => Date.now() + job.clockOffsetMs;
  let last: FromWorker;
  try {
    // The same path as the CLI's sync: the lock against other processes, the damaged-file check (here,
    // off the main thread), the state kept when nothing was stored, the disk-full wording.
    const catalog = guardCatalogFile(job.catalogFile, clock);
    try {
      const summary = await syncCatalogFile({
        file: job.catalogFile,
        catalog,
        source,
        clock,
        full: job.full,
        pageSize: job.pageSize,
        signal: cancel.signal,
        onProgress: (progress) => post({ type: "progress", progress }),
        yieldToScans: job.scanGate === undefined ? undefined : scanGate(job.scanGate).clear,
      });
      last = { type: "done", summary, threadId: writerId };
    } finally {
      await catalog.close();
    }
  } catch (error) {
    last = {
      type: "failed",
      error: toWireError(cancel.signal.aborted ? cancelledError(cancelMessage) : error),
    };
  } finally {
    await connections.close();
  }
  post(last);
  port.close();
}

/** Token requests in flight, each answered by the main side's message with the same id. */
function tokenRequests(post: (message: FromWorker) => void) {
  let nextId = 0;
  const waiting = new Map<number, { resolve: (auth: Auth) => void; reject: (error: Error) => void }>();
  return {
    ask(refused: string | null): Promise<Auth> {
      const id = ++nextId;
      return new Promise<Auth>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        post({ type: "token-request", id, refused });
      });
    },
    settle(message: Exclude<ToWorker, { type: "cancel" }>) {
      const request = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.type === "token") request?.resolve(message.auth);
      else request?.reject(fromWireError(message.error));
    },
  };
}
