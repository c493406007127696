// A till in a browser, for the end-to-end test and the scan benchmark: the reference service with a
// demo catalog, the real catalog service in a fresh data directory, the built screens behind the
// browser bridge, and a Chromium page open on them. Page errors are collected, never ignored.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { type BrowserCatalog, openBrowserCatalog } from "../../src/bridge/browser-catalog.ts";
import { buildBridgePage } from "../../src/bridge/build-page.ts";
import type { RunningBridge } from "../../src/bridge/http-bridge.ts";
import { serveCatalog } from "../../src/bridge/serve-catalog.ts";
import { bundledWorkers } from "../../src/cli/bundled-workers.ts";
import { type RunningService, startService } from "../../src/server/service.ts";
import { launchChromium } from "./chromium.ts";
import { pageBuilt } from "./run-page.ts";

export interface BrowserTill {
  upstream: RunningService;
  catalog: BrowserCatalog;
  bridge: RunningBridge;
  page: Page;
  /** Uncaught errors and console errors of the page, for the test to assert on. */
  pageErrors: string[];
  close(): Promise<void>;
}

export async function startBrowserTill(options: {
  demoProducts: number;
  pageSize?: number;
  /** The test run's page (bridge-page-setup.ts), waited for until it is built; built here without. */
  pageDir?: string;
  /** More Chromium switches (the fake camera's). */
  chromiumArgs?: readonly string[];
  /** Runs in the page before its own scripts (to watch what it does). */
  initScript?: string;
  /** A touch screen, for tap(). */
  touch?: boolean;
  /**
   * Whether the till downloads the products' pictures after a sync (its setting; on unless told).
   * Off for a test that never looks at them: the service draws each one, and hundreds drawn in the
   * background take the cores from the screens under test.
   */
  pictures?: boolean;
}): Promise<BrowserTill> {
  const work = await mkdtemp(join(tmpdir(), "browser-till-"));
  const cleanups: (() => Promise<unknown>)[] = [() => rm(work, { recursive: true, force: true })];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const ownPage = join(work, "page");
    const [upstream, workers, pageDir] = await Promise.all([
      startService({ port: 0, demoProducts: options.demoProducts }),
      bundledWorkers(),
      options.pageDir === undefined
        ? buildBridgePage(ownPage).then(() => ownPage)
        : pageBuilt(options.pageDir),
    ]);
    cleanups.push(() => upstream.close());
    // The workers as `npm run ui` starts them: bundled, rather than stripped of types at every sync.
    const catalog = await openBrowserCatalog(join(work, "data"), { workers });
    cleanups.push(() => catalog.close());
    if (options.pageSize !== undefined) await catalog.service.changeSettings({ pageSize: options.pageSize });
    if (options.pictures === false) {
      const { images } = await catalog.service.settings();
      await catalog.service.changeSettings({ images: { ...images, enabled: false } });
    }
    const bridge = await serveCatalog({ service: catalog.service, pageDir });
    cleanups.push(() => bridge.close());
    const browser = await launchChromium({ args: options.chromiumArgs ?? [], touch: options.touch });
    cleanups.push(() => browser.close());
    const page = await browser.context.newPage();
    if (options.initScript !== undefined) await page.addInitScript(options.initScript);
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") pageErrors.push(message.text());
    });
    await page.goto(bridge.url);
    await page.getByRole("heading", { level: 1 }).waitFor();
    return { upstream, catalog, bridge, page, pageErrors, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Signs the till in to its service's demo account (not remembered) and syncs the whole catalog. */
export async function signInAndSync(till: BrowserTill): Promise<void> {
  const { service } = till.catalog;
  const { demo, baseUrl } = till.upstream;
  await service.signInOrganisation({ ...demo, baseUrl, remember: false });
  await service.startSync({ mode: "full" });
}

/** Signs `page` in to `service`'s demo account through the sign-in screen, as a cashier types it. */
export async function signInThroughScreen(page: Page, service: RunningService): Promise<void> {
  const navigation = page.getByRole("navigation");
  await navigation.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Service address").fill(service.baseUrl);
  await page.getByRole("textbox", { name: "Organisation" }).fill(service.demo.organisation);
  await page.getByLabel("Username").fill(service.demo.username);
  await page.getByLabel("Password").fill(service.demo.password);
  await page.locator("form.sign-in").getByRole("button", { name: "Sign in" }).click();
  // Signed in, the navigation offers the account instead of the sign-in.
  await navigation.getByRole("button", { name: "Account", exact: true }).waitFor();
}
