// Updates of the desktop app from the chain's own feed (electron-updater's generic provider): none
// without a feed address in Settings; otherwise checked at start and every 6 hours, downloaded in the
// background and installed when the app quits. A kiosk never quits, so it restarts into the update at
// the quiet hour set in Settings, never while a sync is writing. Plain Node: the shell hands in
// electron-updater's autoUpdater (loaded only once a feed is set), and tests a double of it.
import type { ServiceClock } from "../core/app/index.ts";
import type { UpdateSettings } from "../shared/settings/app-settings.ts";

/** The part of electron-updater's AppUpdater used here. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: "generic"; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  /** isSilent: the Windows installer asks nothing; isForceRunAfter: the app starts again after. */
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: "update-downloaded", listener: (info: { version: string }) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
}

export interface AppUpdatesDeps {
  settings: () => Promise<UpdateSettings>;
  /** electron-updater's autoUpdater; asked for only when a feed is set. */
  updater: () => Promise<UpdaterLike>;
  kiosk: boolean;
  clock: ServiceClock;
  /** Whether a sync is writing the catalog now: a kiosk's restart waits for it. */
  syncWriting: () => Promise<boolean>;
  /** Told what happened, in words, for the log. */
  report: (level: "info" | "warn" | "error", message: string, fields?: Record<string, unknown>) => void;
  /** An update is downloaded and installs at the next quit (or quiet hour): the status bar says so. */
  onReady?: (version: string) => void;
}

export interface AppUpdates {
  /** The downloaded version waiting to be installed; null when none is. */
  ready(): string | null;
  stop(): void;
}

export const checkEveryMs = 6 * 3_600_000;
/** How long a kiosk's restart waits for a writing sync before it looks again. */
export const syncWaitMs = 60_000;

/** Why a feed address must not be used, in words; null when it may. */
export function feedProblem(address: string): string | null {
  const url = URL.parse(address);
  if (url === null) return `The update feed "${address}" is not an address.`;
  if (url.protocol === "https:") return null;
  // Plain http only where nothing travels over a network: a feed served on this machine, for tests.
  if (url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) return null;
  return `The update feed ${url.origin} is refused: only https:// feeds are used, as anyone between the till and a plain http feed could hand it other code.`;
}

export async function startAppUpdates(deps: AppUpdatesDeps): Promise<AppUpdates> {
  const { clock, report } = deps;
  const timers = new Set<unknown>();
  let ready: string | null = null;
  let stopped = false;
  const later = (ms: number, run: () => void) => {
    const timer = clock.setTimeout(() => {
      timers.delete(timer);
      if (!stopped) run();
    }, ms);
    timers.add(timer);
  };
  const handle: AppUpdates = {
    ready: () => ready,
    stop() {
      stopped = true;
      for (const timer of timers) clock.clearTimeout(timer);
      timers.clear();
    },
  };

  const { feedUrl, quietHour } = await deps.settings();
  if (feedUrl === null) return handle;
  const problem = feedProblem(feedUrl);
  if (problem !== null) {
    report("error", "update feed refused", { reason: problem });
    return handle;
  }
  let updater: UpdaterLike;
  try {
    updater = await deps.updater();
    updater.setFeedURL({ provider: "generic", url: feedUrl });
  } catch (error) {
    // The till sells without updates; it must never stop for want of them.
    report("error", "updates could not start", {
      error: error instanceof Error ? error.message : String(error),
    });
    return handle;
  }
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  updater.on("error", (error) => report("warn", "update failed", { error: error.message }));
  updater.on("update-downloaded", ({ version }) => {
    ready = version;
    report("info", "update ready", {
      version,
      installs: deps.kiosk ? `at ${quietHour}` : "when the app quits",
    });
    deps.onReady?.(version);
    if (deps.kiosk) later(msUntil(quietHour, clock.now()), installWhenQuiet);
  });

  function check(): void {
    report("info", "update check", { feed: feedUrl });
    // Its failures also come as "error" events, reported there.
    updater.checkForUpdates().catch(() => undefined);
    later(checkEveryMs, check);
  }

  async function installWhenQuiet(): Promise<void> {
    if (await deps.syncWriting()) {
      later(syncWaitMs, installWhenQuiet);
      return;
    }
    report("info", "update installing", { version: ready });
    updater.quitAndInstall(true, true);
  }

  check();
  return handle;
}

/** From `now` to the next "HH:MM" on the till's local clock (tomorrow's, if today's has passed). */
export function msUntil(hourAndMinute: string, now: number): number {
  const [hours, minutes] = hourAndMinute.split(":").map(Number);
  const next = new Date(now);
  next.setHours(hours ?? 3, minutes ?? 0, 0, 0);
  if (next.getTime() <= now) next.setDate(next.getDate() + 1);
  return next.getTime() - now;
}
