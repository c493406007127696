// Faults of the screens reach the till's log: an error nobody caught, or a promise nobody waited
// for, goes to the main side over the contract's reportProblem (which writes only a few a minute).
import type { CatalogApi } from "../../../shared/ipc/catalog-api.ts";

type ErrorTarget = Pick<Window, "addEventListener" | "removeEventListener">;

/** Starts reporting; returns what stops it. */
export function reportScreenErrors(target: ErrorTarget, api: Pick<CatalogApi, "reportProblem">): () => void {
  const report = (reason: unknown, fallback: string) => {
    const error = reason instanceof Error ? reason : null;
    const message = (error?.message || (typeof reason === "string" ? reason : fallback)).slice(0, 2000);
    const detail = error?.stack?.slice(0, 8000);
    // Reporting must never fail in turn: a transport that is gone has nobody to tell.
    void api.reportProblem(detail === undefined ? { message } : { message, detail }).catch(() => undefined);
  };
  const onError = (event: ErrorEvent) => report(event.error ?? event.message, "An error in the screens.");
  const onRejection = (event: PromiseRejectionEvent) =>
    report(event.reason, "A promise in the screens failed without a reason.");
  target.addEventListener("error", onError);
  target.addEventListener("unhandledrejection", onRejection);
  return () => {
    target.removeEventListener("error", onError);
    target.removeEventListener("unhandledrejection", onRejection);
  };
}
