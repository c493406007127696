// What the catalog tells its log, event by event, in the fields an IT person reading a till's log
// needs: who signed in (never a secret), each sync's pages, counts, duration and error in words,
// picture runs, settings changed (by name), connectivity, damaged or read-only catalogs and faults.
// The catalog service and the CLI call these; the log file (log-file.ts) writes them.
import { isAppError } from "../../shared/app-error.ts";
import type { CatalogStatus } from "../../shared/catalog/catalog-status.ts";
import { type SessionInfo, signedInAs } from "../../shared/catalog/session-info.ts";
import type { SyncProgress } from "../../shared/catalog/sync-progress.ts";
import type { SerialStatus } from "../../shared/serial/serial-events.ts";
import type { AppSettings } from "../../shared/settings/app-settings.ts";
import type { ImageRunSummary } from "../images/image-cache.ts";
import type { CatalogFileSyncSummary } from "../sync/catalog-file-sync.ts";
import type { LogWriter } from "./log-writer.ts";

export interface CatalogLog {
  started(what: { app: string; version: string; runtime: string }): void;
  signedIn(info: SessionInfo): void;
  signInFailed(error: unknown): void;
  signedOut(): void;
  /** Returns what ends the sync's log: its outcome, with the time it took. */
  syncStarted(mode: "full" | "incremental"): SyncLog;
  picturesDone(summary: ImageRunSummary | null): void;
  picturesFailed(error: unknown): void;
  settingsChanged(before: AppSettings, after: AppSettings): void;
  connectivity(online: boolean | null): void;
  /** The catalog's problem as read in a status: said once when it appears and once when it clears. */
  catalogProblem(problem: CatalogStatus["catalogProblem"]): void;
  fault(where: string, error: unknown): void;
  /** The serial scanner's port opened, went away or came back. */
  serialStatus(status: SerialStatus): void;
  /** A code the serial scanner cut off (a disconnect mid-code): dropped, never looked up. */
  serialCodeDropped(text: string, why: string): void;
  /** What the app's shell around the catalog reports (its updates, the page's errors). */
  shell(level: "info" | "warn" | "error", message: string, fields?: Record<string, unknown>): void;
}

export interface SyncLog {
  page(progress: SyncProgress): void;
  finished(summary: CatalogFileSyncSummary): void;
  failed(error: unknown): void;
}

/** An error as the log keeps it: its kind and its message in words, and where a bug came from. */
export function errorInWords(error: unknown): Record<string, unknown> {
  if (isAppError(error)) return { kind: error.kind, message: error.message };
  if (error instanceof Error) return { kind: "internal", message: error.message, stack: error.stack };
  return { kind: "internal", message: String(error) };
}

export function createCatalogLog(writer: LogWriter, clock: () => number = Date.now): CatalogLog {
  let problem: string | null = null;
  let online: boolean | null = null;
  return {
    started: (what) => writer.write("info", "started", what),
    signedIn: (info) =>
      writer.write("info", "signed in", {
        account: info.account.id,
        who: signedInAs(info),
        method: info.method,
        service: info.baseUrl,
        until: info.expiresAt,
        remembered: info.remembered,
      }),
    signInFailed: (error) => writer.write("warn", "sign-in failed", { error: errorInWords(error) }),
    signedOut: () => writer.write("info", "signed out"),
    syncStarted(mode) {
      const began = clock();
      const took = () => ({ durationMs: clock() - began });
      writer.write("info", "sync started", { mode });
      return {
        page: (progress) =>
          writer.write("debug", "sync page", { pages: progress.pages, received: progress.done }),
        finished: (summary) =>
          writer.write("info", "sync finished", {
            mode: summary.mode,
            pages: summary.pages,
            received: summary.received,
            deletions: summary.deletions,
            removed: summary.removed,
            rejected: summary.rejected,
            products: summary.products,
            serverTotal: summary.serverTotal,
            damagedCatalogSetAside: summary.damagedCatalogSetAside,
            ...took(),
          }),
        failed: (error) =>
          writer.write(isAppError(error, "cancelled") ? "info" : "warn", "sync failed", {
            mode,
            error: errorInWords(error),
            ...took(),
          }),
      };
    },
    picturesDone(summary) {
      if (summary === null) return;
      const { downloadedBytes, deleted, capReached, cancelled, ...progress } = summary;
      writer.write("info", "pictures done", { ...progress, downloadedBytes, deleted, capReached, cancelled });
    },
    picturesFailed: (error) => writer.write("warn", "pictures failed", { error: errorInWords(error) }),
    settingsChanged(before, after) {
      const changed = Object.keys(after).filter(
        (name) =>
          JSON.stringify(before[name as keyof AppSettings]) !==
          JSON.stringify(after[name as keyof AppSettings]),
      );
      // Names only: the values can be read in Settings, and some (the service's address) say where.
      if (changed.length > 0) writer.write("info", "settings changed", { changed });
      if (before.logLevel !== after.logLevel) writer.setLevel(after.logLevel);
    },
    connectivity(now) {
      if (now === online || now === null) return;
      online = now;
      writer.write(now ? "info" : "warn", now ? "online" : "offline");
    },
    catalogProblem(now) {
      const message = now?.message ?? null;
      if (message === problem) return;
      problem = message;
      if (now === null) writer.write("info", "catalog usable again");
      else writer.write("error", now.kind === "damaged" ? "catalog damaged" : "catalog read-only", now);
    },
    fault: (where, error) => writer.write("error", "fault", { where, error: errorInWords(error) }),
    serialStatus: ({ state, port, detail }) =>
      writer.write(state === "disconnected" ? "warn" : "info", `serial scanner ${state}`, { port, detail }),
    serialCodeDropped: (text, why) => writer.write("warn", "serial code dropped", { text, why }),
    shell: (level, message, fields) => writer.write(level, message, fields),
  };
}
