// Debian's Chromium driven by playwright-core (Playwright's own browser download is unreachable
// here): headless, with a fresh profile, and with the background services that would otherwise
// flood the closed network switched off.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

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

export async function launchChromium(options: ChromiumOptions = {}): Promise<RunningChromium> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is not installed at ${chromiumPath}: run "apt-get install -y chromium" (.ci/run does).`,
    );
  }
  const profile = await mkdtemp(join(tmpdir(), "chromium-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [...quietFlags, ...(options.args ?? [])],
    locale: options.locale ?? "en-GB",
    timezoneId: "Europe/Berlin",
    viewport: { width: 1200, height: 900 },
    hasTouch: options.touch ?? false,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
