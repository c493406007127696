// Whether the commerce service can be reached, judged from what really happened: every request's
// outcome, plus a cheap periodic probe while nothing else is asking. The OS "online" flag says
// nothing about a captive portal or a service that is down, so it is not consulted.
import { type ErrorKind, isAppError } from "../../shared/app-error.ts";
import type { ServiceClock } from "../service-clock.ts";

/** Failures that mean the service did answer, so it is reachable. */
const answeredKinds: ReadonlySet<ErrorKind> = new Set([
  "unauthorized",
  "forbidden",
  "not-found",
  "conflict",
  "invalid-request",
  "rate-limited",
  "server",
  "invalid-response",
]);

export interface Connectivity {
  /** null until the first outcome is known. */
  online(): boolean | null;
  /** Records the outcome of a real request: its error, or null when it succeeded. */
  report(error: unknown): void;
  /** Starts probing now and then; `baseUrl` says where, or null when no service is known yet. */
  start(baseUrl: () => string | null): void;
  stop(): void;
}

export interface ConnectivityOptions {
  clock: ServiceClock;
  fetch: typeof fetch;
  /** Between probes while the service answers. */
  probeIntervalMs?: number;
  /** Between probes while it does not: sooner, so a reconnect is noticed quickly. */
  offlineProbeIntervalMs?: number;
  probeTimeoutMs?: number;
  onChange: (online: boolean, previous: boolean | null) => void;
}

export function createConnectivity(options: ConnectivityOptions): Connectivity {
  const { clock } = options;
  let online: boolean | null = null;
  let timer: unknown = null;
  let baseUrl: () => string | null = () => null;
  let running = false;

  function set(next: boolean): void {
    const previous = online;
    online = next;
    if (previous !== next) options.onChange(next, previous);
  }

  function report(error: unknown): void {
    if (error === null) set(true);
    else if (isAppError(error, "offline") || isAppError(error, "timeout")) set(false);
    else if (isAppError(error) && answeredKinds.has(error.kind)) set(true);
    // Anything else (a cancel, a local fault) says nothing about the network.
  }

  async function probe(): Promise<void> {
    const url = baseUrl();
    if (url === null) return;
    try {
      // Any HTTP answer at all, even an error status, proves the service is reachable.
      const response = await options.fetch(url, {
        method: "GET",
        signal: AbortSignal.timeout(options.probeTimeoutMs ?? 5000),
      });
      await response.body?.cancel();
      set(true);
    } catch {
      set(false);
    }
  }

  function plan(): void {
    if (!running) return;
    const interval =
      online === false ? (options.offlineProbeIntervalMs ?? 15_000) : (options.probeIntervalMs ?? 60_000);
    timer = clock.setTimeout(() => {
      void probe().finally(plan);
    }, interval);
  }

  return {
    online: () => online,
    report,
    start(where) {
      baseUrl = where;
      running = true;
      void probe().finally(plan);
    },
    stop() {
      running = false;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}
