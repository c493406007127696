// Syncs nobody asks for: at start-up, every N minutes, when the connection comes back, after a
// sign-in. The count to the next one restarts after every sync, on demand or not. A host that only
// answers one command at a time (the CLI) has no schedule: nothing starts on its own there.
import { isAppError } from "../../shared/app-error.ts";
import type { ServiceClock } from "../service-clock.ts";

export interface SyncScheduleDeps {
  clock: ServiceClock;
  /** 0: no periodic sync. */
  intervalMinutes: () => number;
  /** Whether a sync could start now (open, none running, a usable session). */
  ready: () => Promise<boolean>;
  /** Whether a periodic sync may be planned now (open, none running). */
  idle: () => boolean;
  sync: () => Promise<unknown>;
  onFault: (what: string, error: unknown) => void;
}

export interface SyncSchedule {
  /** Plans the next periodic sync, counted from now. */
  plan(): void;
  unplan(): void;
  /** When the next periodic sync is due, or null. */
  nextAt(): number | null;
  /** A sync nobody waits for: its outcome shows in the status. Skipped when one runs or none can. */
  background(): Promise<void>;
}

const minuteMs = 60_000;

export function createSyncSchedule(deps: SyncScheduleDeps): SyncSchedule {
  let planned: { timer: unknown; at: number } | null = null;

  function unplan(): void {
    if (planned !== null) deps.clock.clearTimeout(planned.timer);
    planned = null;
  }

  function plan(): void {
    unplan();
    const minutes = deps.intervalMinutes();
    if (!deps.idle() || minutes === 0) return;
    const ms = minutes * minuteMs;
    const timer = deps.clock.setTimeout(() => {
      planned = null;
      void background();
    }, ms);
    planned = { timer, at: deps.clock.now() + ms };
  }

  async function background(): Promise<void> {
    try {
      if (!deps.idle()) return;
      if (!(await deps.ready())) {
        plan();
        return;
      }
      await deps.sync();
    } catch (error) {
      if (!isAppError(error)) deps.onFault("background sync", error);
    }
  }

  return { plan, unplan, nextAt: () => planned?.at ?? null, background };
}

/** The schedule of a host where nothing starts on its own. */
export const noSchedule: SyncSchedule = {
  plan() {},
  unplan() {},
  nextAt: () => null,
  background: async () => {},
};
