// Debian's Chromium driven by playwright-core (Playwright's own browser download is unreachable
// here): headless, with a fresh profile, and with the background services that would otherwise
// flood the closed network switched off.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium } from "playwright-core";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const quietFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface RunningChromium {
  context: BrowserContext;
  close(): Promise<void>;
}

export interface ChromiumOptions {
  locale?: string;
  /** More command-line switches, such as the fake camera's. */
  args?: readonly string[];
  /** A touch screen, for tap(). */
  touch?: boolean;
}

/**
 * Inside vitest, one Chromium a test worker for every till of its files (the browser project runs a
 * worker's files in one module graph, `isolate: false`): each start cost a second of CPU and more of
 * wall on a busy machine. Playwright closes it when the worker ends. A command of its own (a bench, a
 * script) starts and closes its own, so that nothing keeps it running once it is done.
 */
const shareInWorker = process.env.VITEST !== undefined;
let shared: Promise<Browser> | undefined;

function sharedBrowser(): Promise<Browser> {
  if (shared === undefined) {
    shared = chromium.launch({ executablePath: chromiumPath, headless: true, args: quietFlags });
    shared.then(
      (browser) => browser.on("disconnected", () => (shared = undefined)),
      () => (shared = undefined),
    );
  }
  return shared;
}

const contextOptions = (options: ChromiumOptions) => ({
  locale: options.locale ?? "en-GB",
  timezoneId: "Europe/Berlin",
  viewport: { width: 1200, height: 900 },
  hasTouch: options.touch ?? false,
});

/**
 * A fresh browser context: its own storage, locale and screen. Switches of its own (the fake
 * camera's) get a Chromium of their own; the rest share the worker's (see above).
 */
export async function launchChromium(options: ChromiumOptions = {}): Promise<RunningChromium> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is not installed at ${chromiumPath}: run "apt-get install -y chromium" (.ci/run does).`,
    );
  }
  if (shareInWorker && (options.args ?? []).length === 0) {
    const context = await (await sharedBrowser()).newContext(contextOptions(options));
    return { context, close: () => context.close() };
  }
  const profile = await mkdtemp(join(tmpdir(), "chromium-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [...quietFlags, ...(options.args ?? [])],
    ...contextOptions(options),
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
