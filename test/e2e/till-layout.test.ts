// The till's screens as a cashier meets them, in headless Chromium over the real catalog service: at
// 1024x768, 1280x800 and 1920x1080, in English and German, with the service stopped (the till works
// offline, and says so in its status bar). On every screen, measured from computed styles: the price
// at least 40 px, every control at least 44 px each way (a counter key 64 px), the status bar at the foot on one line, no
// page scroll; axe finds nothing in the light theme or the dark one. One browser and one till for all
// of it: the window is resized, not reopened. `npm test` tours the screens at 1024x768 (the smallest,
// where they run out of room first); `npm run test:long` at all three sizes, saving every screen to
// screenshots/layout/ (ignored by git; `npm test` a screen whose layout check fails).
import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { demoSaleCode } from "../../src/server/demo/demo-sale-cases.ts";
import type { Product } from "../../src/shared/api/product.ts";
import { withCheckDigit } from "../../src/shared/barcode/gtin.ts";
import { branchLabel } from "../../src/shared/catalog/branch-count.ts";
import { axeViolations } from "../support/axe-check.ts";
import { type BrowserTill, startBrowserTill } from "../support/browser-till.ts";
import { largestFamilyVariant, plainWithAndWithoutPicture } from "../support/demo-products.ts";
import {
  cutStatusParts,
  fingerPx,
  keyProblems,
  keyPx,
  layoutProblems,
  pricePx,
} from "../support/layout-probe.ts";
import { byRunLength } from "../support/run-length.ts";
import { screenshotWanted } from "../support/screenshots.ts";
import { adminApi } from "../support/service-fixtures.ts";

const screenshots = new URL("../../screenshots/layout/", import.meta.url).pathname;
const allSizes = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
const sizes = byRunLength<readonly (typeof allSizes)[number][]>(allSizes.slice(0, 1), allSizes);
/** axe once per screen and theme, at one size (the middle of three): colours and names do not change with it. */
const axeWidth = (sizes[Math.floor(sizes.length / 2)] ?? allSizes[0]).width;
const languages = ["en", "de"] as const;
type Language = (typeof languages)[number];
const words = {
  en: {
    scan: "Scan",
    search: "Search",
    keys: "Keys",
    account: "Account",
    settings: "Settings",
    code: "Barcode or code",
  },
  de: {
    scan: "Scannen",
    search: "Suchen",
    keys: "Tasten",
    account: "Konto",
    settings: "Einstellungen",
    code: "Barcode oder Code",
  },
} as const;

let till: BrowserTill;
let page: Page;
let records: Product[];
/** Codes looked up as scans so far: what the scan history must hold (its last 20). */
const scanned: string[] = [];

beforeAll(async () => {
  // Every screen's case (a variant family of eleven, plain products with and without a picture, the
  // sale cases) with a hundred pictures to wait for, not four hundred.
  till = await startBrowserTill({ demoProducts: 400, pageDir: inject("bridgePageDir") });
  page = till.page;
  const { service } = till.catalog;
  const { upstream } = till;
  await service.signInOrganisation({
    baseUrl: upstream.baseUrl,
    organisation: upstream.demo.organisation,
    username: upstream.demo.username,
    password: upstream.demo.password,
    remember: false,
  });
  await service.startSync({ mode: "incremental" });
  // The pictures download after the sync: wait until every product's picture is in the cache.
  for (;;) {
    const { images } = await service.status();
    if (!images.running && images.cached > 0 && images.cached === images.wanted) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  records = await (await adminApi(upstream)).liveRecords();
  // Everything from here on comes from the till's own catalog.
  await upstream.close();
  await mkdir(screenshots, { recursive: true });
}, 180_000);

afterAll(async () => {
  await till?.close();
});

const resultHeading = () => page.locator(".result-card h3").first();

async function openScreen(language: Language, screen: "scan" | "search" | "keys" | "account" | "settings") {
  await page.getByRole("navigation").getByRole("button", { name: words[language][screen] }).click();
}

/** A code typed into the scan screen's field, as a cashier would when a label will not scan. */
async function lookUp(language: Language, code: string): Promise<void> {
  await openScreen(language, "scan");
  await page.getByLabel(words[language].code).fill(code);
  await page.getByLabel(words[language].code).press("Enter");
  scanned.push(code);
}

/**
 * The product pictures shown: every result card keeps its picture slot, and every picture shown has
 * loaded from the till's cache (the service is stopped by now), not a broken image.
 */
async function pictureProblems(): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const card of document.querySelectorAll(".result-card.found")) {
      const slot = card.querySelector(".product-picture");
      if (slot === null) problems.push("a result card without its picture slot");
      else if (slot.getBoundingClientRect().width < 100) problems.push("a picture slot under 100 px wide");
    }
    for (const image of document.querySelectorAll<HTMLImageElement>(".product-picture img")) {
      if (!image.complete || image.naturalWidth === 0)
        problems.push(`a picture that did not load: ${image.src}`);
    }
    return problems;
  });
}

/** Layout, pictures and a screenshot of the screen as it stands; axe in both themes when asked. */
async function checkScreen(name: string, language: Language, options: { axe: boolean }): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const where = `${language} ${name} at ${width}x${height}`;
  // The pointer rests on the screen, not on the status bar (where hovering unfolds it).
  await page.mouse.move(width / 2, 1);
  const layout = await page.evaluate(layoutProblems, { fingerPx, pricePx });
  if (screenshotWanted(layout))
    await page.screenshot({ path: `${screenshots}${language}-${width}x${height}-${name}.png` });
  expect(layout, where).toEqual([]);
  // A picture just put on screen may still be on its way from the cache: waited for, and a broken
  // one (loaded with no pixels) still fails when the wait runs out.
  await expect.poll(pictureProblems, { message: where, timeout: 10_000 }).toEqual([]);
  if (!options.axe) return;
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    const violations = await axeViolations(page);
    if (colorScheme === "dark" && screenshotWanted(violations))
      await page.screenshot({ path: `${screenshots}${language}-dark-${name}.png` });
    expect(violations, `${where}, ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

async function tourScreens(language: Language, axe: boolean): Promise<void> {
  const variant = largestFamilyVariant(records);
  await lookUp(language, variant.barcode as string);
  await expect.poll(() => resultHeading().textContent()).toBe(variant.name);
  expect(await page.locator('.variant-matrix [aria-current="true"]').count()).toBe(1);
  await checkScreen("scan-variant", language, { axe });
  const { pictured, bare } = plainWithAndWithoutPicture(records);
  await lookUp(language, bare.barcode as string);
  await expect.poll(() => resultHeading().textContent()).toBe(bare.name);
  expect(await page.locator(".price-gross").count()).toBe(1);
  expect(await page.locator(".result-card .product-picture.placeholder").count()).toBe(1);
  await checkScreen("scan-product", language, { axe });
  await lookUp(language, pictured.barcode as string);
  await expect.poll(() => resultHeading().textContent()).toBe(pictured.name);
  // Loaded from the cache: the service has been stopped since the sync.
  await expect
    .poll(() =>
      page
        .locator(".result-card .product-picture img")
        .evaluate((image: HTMLImageElement) => image.naturalWidth),
    )
    .toBeGreaterThan(0);
  await checkScreen("scan-picture", language, { axe });
  // How a product is sold, said first and large: a deposit, and a product not for sale.
  for (const key of ["cola", "display"]) {
    const code = demoSaleCode(key);
    await lookUp(language, code);
    await expect
      .poll(() => resultHeading().textContent())
      .toBe(records.find((r) => r.barcode === code)?.name);
    expect(await page.locator(".result-card .sale-note").count()).toBe(1);
    await checkScreen(`scan-sale-${key}`, language, { axe });
  }
  const unknown = withCheckDigit("990000000001");
  await lookUp(language, unknown);
  await expect.poll(() => resultHeading().textContent()).toContain(unknown);
  await checkScreen("scan-unknown", language, { axe });
  await openScreen(language, "search");
  await page.getByRole("combobox").fill(variant.name.split(" ")[0] as string);
  await page.getByRole("option").first().waitFor();
  await checkScreen("search", language, { axe });
  await page.getByRole("option").first().click();
  await page.locator(".product-view").waitFor();
  await checkScreen("product", language, { axe });
  // No branch, so no favourite set: the product groups are the tabs. Keys of 64 px at every size.
  await openScreen(language, "keys");
  await page.locator(".key-tile").first().waitFor();
  expect(await page.evaluate(keyProblems, { keyPx })).toEqual([]);
  await checkScreen("keys", language, { axe });
  await openScreen(language, "settings");
  await checkScreen("settings", language, { axe });
  await openScreen(language, "account");
  await checkScreen("account", language, { axe });
}

describe("a till's screens at a till's sizes", () => {
  it("shows the service as unreachable in the status bar, as a till offline does", async () => {
    await page.getByRole("button", { name: "Sync now" }).click();
    await expect
      .poll(() => page.locator(".status-bar [role=alert]").first().textContent(), { timeout: 30_000 })
      .toContain("No connection to the service");
  });

  for (const language of languages) {
    it(`lays every screen out for a till in ${language === "en" ? "English" : "German"}`, async () => {
      if (language === "de") {
        await openScreen("en", "settings");
        await page.getByLabel("Language").selectOption("de");
        await page.getByRole("button", { name: "Save", exact: true }).click();
        await page.getByRole("heading", { name: "Einstellungen" }).waitFor();
      }
      for (const size of sizes) {
        await page.setViewportSize(size);
        await tourScreens(language, size.width === axeWidth);
      }
    }, 240_000);
  }

  it("cuts the status bar's long text short, and shows it whole on keyboard focus and on hover", async () => {
    await page.setViewportSize(allSizes[0]);
    await openScreen("de", "scan");
    await page.mouse.move(500, 1);
    // In German, offline, with the error shown, at 1024 wide: more than one line holds.
    expect(await page.evaluate(cutStatusParts)).not.toEqual([]);
    await page.locator(".status-text").focus();
    expect(await page.evaluate(cutStatusParts)).toEqual([]);
    if (screenshotWanted()) await page.screenshot({ path: `${screenshots}de-1024x768-status-unfolded.png` });
    await page.locator(".status-text").blur();
    expect(await page.evaluate(cutStatusParts)).not.toEqual([]);
    await page.locator(".status-text").hover();
    expect(await page.evaluate(cutStatusParts)).toEqual([]);
  });

  it("keeps the catalog's age and the till's branch whole beside a long error, which gives way first", async () => {
    await page.setViewportSize(allSizes[0]);
    const [branch] = await till.catalog.service.branches();
    if (branch === undefined) throw new Error("the demo catalog prices no branch");
    await till.catalog.service.changeSettings({ prices: { branch: branch.branch, currency: null } });
    await openScreen("de", "scan");
    await page.mouse.move(500, 1);
    await expect
      .poll(() => page.locator(".status-items .branch").textContent())
      .toBe(`Filiale ${branchLabel(branch)}`);
    // In German, offline, with the error shown, at 1024 wide.
    const cut = await page.evaluate(cutStatusParts);
    expect(cut).toContain("last-error");
    expect(cut.filter((part) => /freshness|branch/.test(part))).toEqual([]);
    if (screenshotWanted()) await page.screenshot({ path: `${screenshots}de-1024x768-status-branch.png` });
  });

  it("keeps this session's scans, newest first, each opening its answer again", async () => {
    await openScreen("de", "scan");
    const entries = page.locator(".history-entry");
    expect(await entries.count()).toBe(Math.min(scanned.length, 20));
    const newest = (await entries.first().textContent()) ?? "";
    expect(newest).toContain(scanned.at(-1));
    const plain = plainWithAndWithoutPicture(records).bare;
    await entries.filter({ hasText: plain.name }).first().click();
    await expect.poll(() => resultHeading().textContent()).toBe(plain.name);
    // Opening an answer again is not a new scan.
    expect(await entries.first().textContent()).toBe(newest);
  });

  it("raised no error in the page along the way", () => {
    expect(till.pageErrors).toEqual([]);
  });
});
