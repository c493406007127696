// Faults nobody caught in the main process reach the till's log: an exception (watched, not handled,
// so Electron deals with it as it always does) and a promise that failed with nobody waiting for it.
import type { CatalogLog } from "../core/app/index.ts";

type FaultSource = Pick<NodeJS.Process, "on" | "off">;

/** Starts writing them to the log; returns what stops it. */
export function logMainProcessFaults(source: FaultSource, log: Pick<CatalogLog, "fault">): () => void {
  const onException = (error: Error) => log.fault("main process", error);
  const onRejection = (reason: unknown) => log.fault("main process (a promise nobody waited for)", reason);
  source.on("uncaughtExceptionMonitor", onException);
  source.on("unhandledRejection", onRejection);
  return () => {
    source.off("uncaughtExceptionMonitor", onException);
    source.off("unhandledRejection", onRejection);
  };
}
