// The words on the counter keys, in headless Chromium over the real catalog service: every key tile
// of both demo favourite sets (each tab) and of every product group (each page, the groups as tabs)
// at 1024x768, 1280x800 and 1920x1080, in English and German, with the pictures the till caches. The
// products the sets' keys sell are first given the demo's longest names and a price of 1,234.56:
// the widest words a tile must hold beside "Enter the price", "Choose a variant" and the reasons a
// key cannot sell. On each screen every text box of every tile is measured (layout-probe.ts): no
// two overlap, none leaves its tile, no name shows more than two lines. `npm test` measures at
// 1024x768 (a till's smallest screen, where the overlaps were found); `npm run test:long` at all three,
// saving every screen to screenshots/key-tiles/ (`npm test` a screen with a problem).
import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { demoSaleCaseIds } from "../../src/server/demo/demo-sale-cases.ts";
import { type BrowserTill, startBrowserTill } from "../support/browser-till.ts";
import { keyTextProblems } from "../support/layout-probe.ts";
import { byRunLength } from "../support/run-length.ts";
import { screenshotWanted } from "../support/screenshots.ts";
import { adminApi } from "../support/service-fixtures.ts";

const screenshots = new URL("../../screenshots/key-tiles/", import.meta.url).pathname;
const allSizes = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
const sizes = byRunLength<readonly (typeof allSizes)[number][]>(allSizes.slice(0, 1), allSizes);
const words = {
  en: { keys: "Keys", set: "Favourite set", next: "Next page", settings: "Settings", language: "Language" },
  de: {
    keys: "Tasten",
    set: "Favoriten-Set",
    next: "Nächste Seite",
    settings: "Einstellungen",
    language: "Sprache",
  },
} as const;
type Language = keyof typeof words;
/** The demo's favourite sets by the first tab each shows. */
const sets = { Bäckertheke: "Brötchen", Getränketheke: "Kaffee" } as const;
const widestPrice = 1234.56;

let till: BrowserTill;
let page: Page;

beforeAll(async () => {
  till = await startBrowserTill({ demoProducts: 400, pageDir: inject("bridgePageDir") });
  page = till.page;
  const admin = await adminApi(till.upstream);
  const records = await admin.liveRecords();
  const longest = records
    .map((item) => item.name ?? "")
    .sort((a, b) => b.length - a.length)
    .slice(0, 8);
  // Every product a favourite set's key sells (the demo's sale cases), with one of the longest names
  // and the widest price, as gross and net both, with nothing cheaper for a branch or on offer.
  const onKeys = new Set(Object.values(demoSaleCaseIds(1)));
  const keyed = records.filter((item) => onKeys.has(item.id));
  for (const [index, item] of keyed.entries()) {
    await admin.updateProduct(item.id, {
      name: longest[index % longest.length],
      prices: {
        ...item.prices,
        base_prices: [],
        branch_prices: [],
        scaled_prices: [],
        time_based_prices: [],
        default_prices: [{ amount: { net: widestPrice, gross: widestPrice }, currency: "EUR" }],
      },
    });
  }
  const { service } = till.catalog;
  await service.signInOrganisation({
    baseUrl: till.upstream.baseUrl,
    organisation: till.upstream.demo.organisation,
    username: till.upstream.demo.username,
    password: till.upstream.demo.password,
    remember: false,
  });
  await service.startSync({ mode: "incremental" });
  // The pictures download after the sync: wait until every product's picture is in the cache.
  for (;;) {
    const { images } = await service.status();
    if (!images.running && images.cached > 0 && images.cached === images.wanted) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await till.upstream.close();
  await page.reload();
  await page.getByRole("heading", { level: 1 }).waitFor();
  await mkdir(screenshots, { recursive: true });
}, 240_000);

afterAll(async () => {
  await till?.close();
});

/** Tiles seen with the widest price and a note under it: the test must have met the hardest case. */
let widestWithNote = 0;

/** The tiles' words on screen once every picture on it has loaded (or failed), at this size. */
async function measure(language: Language, where: string): Promise<string[]> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>(".key-tile img")].every((image) => image.complete),
  );
  const problems = await page.evaluate(keyTextProblems);
  if (screenshotWanted(problems))
    await page.screenshot({ path: `${screenshots}${where.replaceAll(/\W+/gu, "-")}.png` });
  const widest = new Intl.NumberFormat(language, { style: "currency", currency: "EUR" }).format(widestPrice);
  const noted = page.locator(".key-tile", { has: page.locator(".key-note") });
  widestWithNote += await noted.filter({ hasText: widest }).count();
  return problems.map((problem) => `${where}: ${problem}`);
}

/** Each tab of the keys screen in turn, and each page of a group shown, measured. */
async function everyTabAndPage(language: Language, what: string): Promise<string[]> {
  const problems: string[] = [];
  const tabs = await page.getByRole("tab").count();
  for (let index = 0; index < tabs; index += 1) {
    const tab = page.getByRole("tab").nth(index);
    await tab.click();
    // The tab's own keys, not the last tab's still on screen: the grid is named after the tab.
    const name = ((await tab.textContent()) ?? "").replace(/^\d/u, "");
    await expect.poll(() => page.locator(".key-grid").getAttribute("aria-label")).toContain(name);
    await page.locator(".key-tile").first().waitFor();
    for (let number = 1; ; number += 1) {
      problems.push(...(await measure(language, `${language} ${what} ${name} page ${number}`)));
      const next = page.getByRole("button", { name: words[language].next, exact: true });
      if ((await next.count()) === 0 || (await next.isDisabled())) break;
      const title = await page.locator(".group-title").textContent();
      await next.click();
      await expect.poll(() => page.locator(".group-title").textContent()).not.toBe(title);
    }
  }
  return problems;
}

async function everyScreenIn(language: Language): Promise<string[]> {
  const said = words[language];
  await page.getByRole("navigation").getByRole("button", { name: said.keys, exact: true }).click();
  const problems: string[] = [];
  for (const size of sizes) {
    await page.setViewportSize(size);
    const at = `${size.width}x${size.height}`;
    const firstTab = () => page.getByRole("tab").first().textContent();
    await page.getByLabel(said.set).selectOption("");
    await expect.poll(firstTab).not.toMatch(new RegExp(Object.values(sets).join("|"), "u"));
    problems.push(...(await everyTabAndPage(language, `${at} groups`)));
    for (const [set, first] of Object.entries(sets)) {
      await page.getByLabel(said.set).selectOption(set);
      await expect.poll(firstTab).toContain(first);
      problems.push(...(await everyTabAndPage(language, `${at} ${set}`)));
    }
  }
  return problems;
}

describe("the words on the counter keys", () => {
  it("never overlap nor leave their tile, in English", async () => {
    expect(await everyScreenIn("en")).toEqual([]);
    expect(widestWithNote).toBeGreaterThan(0);
  }, 300_000);

  it("never overlap nor leave their tile, in German", async () => {
    await page.getByRole("navigation").getByRole("button", { name: words.en.settings }).click();
    await page.getByLabel(words.en.language).selectOption("de");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("navigation").getByRole("button", { name: words.de.keys, exact: true }).waitFor();
    widestWithNote = 0;
    expect(await everyScreenIn("de")).toEqual([]);
    expect(widestWithNote).toBeGreaterThan(0);
  }, 300_000);

  it("raised no error in the page along the way", () => {
    expect(till.pageErrors).toEqual([]);
  });
});
