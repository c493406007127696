// The scanner in headless Chromium over the real catalog: consecutive scans ended by a quiet gap
// (no Enter, no Tab), slow typing that must stay typing, and calibration by scanning the setup code
// as a French-layout computer receives it from a US scanner, then an EAN scanned the same way.
import type { CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Product } from "../../src/shared/api/product.ts";
import { setupCode } from "../../src/shared/keyboard/scanner-calibration.ts";
import { type BrowserTill, signInAndSync, startBrowserTill } from "../support/browser-till.ts";
import { byRunLength } from "../support/run-length.ts";
import { sendBurst, usScanner } from "../support/scanner-burst.ts";
import { pressedKeys } from "../support/scanner-keys.ts";
import { adminApi } from "../support/service-fixtures.ts";

/** Scans ended by a quiet gap in a row: 20 in `npm test`, 50 in `npm run test:long`. */
const quietScans = byRunLength(20, 50);

let till: BrowserTill;
let page: Page;
let cdp: CDPSession;
let products: Product[];

beforeAll(async () => {
  till = await startBrowserTill({
    demoProducts: 600,
    pageSize: 200,
    pageDir: inject("bridgePageDir"),
    // Pictures drawn in the background would only compete with the scans for the cores.
    pictures: false,
  });
  page = till.page;
  await signInAndSync(till);
  // Each scan below shows a product no other scan shows, so a stale answer cannot pass for it.
  const byName = new Map<string, Product>();
  for (const item of await (await adminApi(till.upstream)).liveRecords()) {
    if (item.active && item.type === "product" && /^\d{13}$/.test(item.barcode ?? ""))
      byName.set(item.name, item);
  }
  products = [...byName.values()];
  cdp = await page.context().newCDPSession(page);
}, 120_000);

/** Scanner settings for the page, which reads them when it loads. */
async function scannerSettings(change: { maxKeyGapMs: number }): Promise<void> {
  const { service } = till.catalog;
  await service.changeSettings({ scanner: { ...(await service.settings()).scanner, ...change } });
  await page.reload();
  await page.getByRole("heading", { level: 1 }).waitFor();
}

afterAll(async () => {
  await till?.close();
});

const announcement = () => page.locator(".scan-announcement");

async function focusNothing(): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function shows(product: Product, code: string): Promise<void> {
  await expect
    .poll(() => announcement().textContent(), { timeout: 10_000, message: `the scan of ${code}` })
    .toBe(`Found: ${product.name}`);
  expect(await page.locator(".result-card .codes").textContent()).toContain(code);
}

describe("the scanner in a browser", () => {
  it(`shows the product of each of ${quietScans} consecutive scans ended by a quiet gap, with the focus on the page`, async () => {
    expect(products.length).toBeGreaterThan(quietScans);
    // The quiet gap that ends each scan is the same timer at any setting.
    await scannerSettings({ maxKeyGapMs: 300 });
    await focusNothing();
    for (const product of products.slice(0, quietScans)) {
      const code = product.barcode as string;
      await sendBurst(cdp, pressedKeys(code, usScanner), { ending: "quiet", stepMs: 10 });
      await shows(product, code);
    }
  }, 180_000);

  it("leaves slow typing (150 ms a key) as typing, on the page and in a field", async () => {
    await scannerSettings({ maxKeyGapMs: 50 });
    const before = await announcement().textContent();
    const code = products[quietScans]?.barcode as string;
    await focusNothing();
    await page.keyboard.type(code, { delay: 150 });
    await page.waitForTimeout(500);
    expect(await announcement().textContent()).toBe(before);
    const field = page.getByLabel("Barcode or code");
    await field.fill("");
    await field.focus();
    await page.keyboard.type(code, { delay: 150 });
    await page.waitForTimeout(500);
    expect(await field.inputValue()).toBe(code);
    expect(await announcement().textContent()).toBe(before);
    await field.fill("");
  }, 30_000);

  it("learns a US scanner on a French computer from its setup code, then reads its EAN scans", async () => {
    await page.getByRole("navigation").getByRole("button", { name: "Settings" }).click();
    const image = page.getByRole("img", { name: "Scanner setup code" });
    await image.waitFor();
    // Drawn bar for bar: the setup code is some 500 modules wide at 2 px a module.
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(900);
    expect(await page.getByLabel("Scanner keyboard layout").inputValue()).toBe("auto");
    await focusNothing();
    const usOnFrench = { scanner: "us", computer: "fr", capsLock: false, numpad: "no" } as const;
    await sendBurst(cdp, pressedKeys(setupCode, usOnFrench), { ending: "Enter" });
    await expect
      .poll(() => page.locator(".setup-result").textContent(), { timeout: 10_000 })
      .toContain("Scanner keyboard layout is now “English (US)”");
    expect(await page.getByLabel("Scanner keyboard layout").inputValue()).toBe("us");
    expect((await till.catalog.service.settings()).scanner.layout).toBe("us");
    const product = products[51] as Product;
    const code = product.barcode as string;
    const keys = pressedKeys(code, usOnFrench);
    // What the page receives is not the code: AZERTY types the digit row's unshifted symbols.
    expect(keys.map((key) => key.key).join("")).not.toBe(code);
    await focusNothing();
    await sendBurst(cdp, keys, { ending: "Enter" });
    await shows(product, code);
    expect(till.pageErrors).toEqual([]);
  }, 60_000);
});
