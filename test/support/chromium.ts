// Debian's Chromium driven by playwright-core (Playwright's own browser download is unreachable
// here): headless, and with the background services that would otherwise flood the closed network
// switched off. Each caller gets a context of its own (its own storage, locale and screen); the
// browser under it is started once for every caller asking for the same switches, since starting
// one costs about a second of CPU and a test run asks for dozens.
import { existsSync } from "node:fs";
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

interface SharedBrowser {
  browser: Promise<Browser>;
  users: number;
  idle?: NodeJS.Timeout;
}

const browsers = new Map<string, SharedBrowser>();
let lingerMs = 0;

/**
 * Keeps a browser nobody uses open for `ms` before closing it, so that the next test file of the same
 * worker finds it started. A process that ends sooner takes it along (playwright closes its browsers
 * when the process exits). Without this, a browser closes with its last context, as a script wants.
 */
export function keepChromiumBetweenUses(ms: number): void {
  lingerMs = ms;
}

export async function launchChromium(options: ChromiumOptions = {}): Promise<RunningChromium> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is not installed at ${chromiumPath}: run "apt-get install -y chromium" (.ci/run does).`,
    );
  }
  const args = [...quietFlags, ...(options.args ?? [])];
  const key = args.join(" ");
  const shared = borrowBrowser(key, args);
  try {
    const context = await (await shared.browser).newContext({
      locale: options.locale ?? "en-GB",
      timezoneId: "Europe/Berlin",
      viewport: { width: 1200, height: 900 },
      hasTouch: options.touch ?? false,
    });
    let closed = false;
    return {
      context,
      async close() {
        if (closed) return;
        closed = true;
        await context.close().finally(() => releaseBrowser(key, shared));
      },
    };
  } catch (error) {
    await releaseBrowser(key, shared);
    throw error;
  }
}

function borrowBrowser(key: string, args: string[]): SharedBrowser {
  let shared = browsers.get(key);
  if (shared === undefined) {
    const browser = chromium.launch({ executablePath: chromiumPath, headless: true, args });
    const started: SharedBrowser = { browser, users: 0 };
    const forget = () => {
      if (browsers.get(key) === started) browsers.delete(key);
    };
    // A browser that failed to start or went away is not handed to the next caller.
    browser.then((running) => running.on("disconnected", forget), forget);
    browsers.set(key, started);
    shared = started;
  }
  clearTimeout(shared.idle);
  shared.users += 1;
  return shared;
}

async function releaseBrowser(key: string, shared: SharedBrowser): Promise<void> {
  shared.users -= 1;
  if (shared.users > 0) return;
  const close = async () => {
    if (browsers.get(key) === shared) browsers.delete(key);
    await (await shared.browser).close();
  };
  if (lingerMs === 0) return close().catch(() => undefined);
  shared.idle = setTimeout(() => void close().catch(() => undefined), lingerMs);
}
