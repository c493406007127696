// The Keys view end to end in headless Chromium with a touch screen: the till signs in through its
// screens and syncs the demo catalog (its favourite sets, product groups and taxes with it), then the
// service is stopped and everything comes from the till's own catalog. Without a branch the till has
// no favourite set (the demo has two, neither its default), so its product groups are the tabs; as
// Berlin Mitte it shows the bakery set. A roll opened by touch and by keyboard (price and tax on its
// card), a price entry, a variant parent, keys that cannot sell, a group's second page, a scan in the
// middle of it all; in English and German, laid out for a till at 1024x768, checked with axe in both
// themes. `npm run test:long` saves each screen to screenshots/ (ignored by git; `npm test` a screen
// whose checks fail); docs/keys-screen.png is npm run screenshot's.
import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { demoBranches } from "../../src/server/demo/demo-branches.ts";
import { demoSaleCaseIds, demoSaleCode } from "../../src/server/demo/demo-sale-cases.ts";
import { demoTaxes } from "../../src/server/demo/demo-taxes.ts";
import type { Product } from "../../src/shared/api/product.ts";
import { resolvePrice } from "../../src/shared/catalog/price-rule.ts";
import { axeViolations } from "../support/axe-check.ts";
import { type BrowserTill, signInThroughScreen, startBrowserTill } from "../support/browser-till.ts";
import { fingerPx, keyProblems, keyPx, layoutProblems, pricePx } from "../support/layout-probe.ts";
import { scanInto } from "../support/scanner-burst.ts";
import { screenshotWanted } from "../support/screenshots.ts";
import { adminApi } from "../support/service-fixtures.ts";

const screenshots = new URL("../../screenshots/keys/", import.meta.url).pathname;
const berlin = demoBranches[0]?.id ?? "";
/** The demo's first account draws its catalog from seed 1: the ids its favourite sets name. */
const ids = demoSaleCaseIds(1);

type Language = "en" | "de";
const words = {
  en: {
    keys: "Keys",
    scan: "Scan",
    settings: "Settings",
    back: "Back",
    next: "Next page",
    noSet: "No favourite set is chosen for this till",
    set: "Favourite set: Bäckertheke",
    priceEntry: "Enter the price",
    suggested: "Enter the price (suggested",
    missing: "Not in the catalog",
    notForSale: "Not for sale",
    page: (page: number) => new RegExp(`^Backwaren · Page ${page} of \\d+$`),
  },
  de: {
    keys: "Tasten",
    scan: "Scannen",
    settings: "Einstellungen",
    back: "Zurück",
    next: "Nächste Seite",
    noSet: "Für diese Kasse ist kein Favoriten-Set gewählt",
    set: "Favoriten-Set: Bäckertheke",
    priceEntry: "Preis eingeben",
    suggested: "Preis eingeben (Vorschlag",
    missing: "Nicht im Katalog",
    notForSale: "Nicht verkäuflich",
    page: (page: number) => new RegExp(`^Backwaren · Seite ${page} von \\d+$`),
  },
} as const;

/** Polled until it holds: a page on a machine busy with other tests can take seconds to answer. */
const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 15_000, interval: 100 });

let till: BrowserTill;
let page: Page;
let records: Map<string, Product>;

beforeAll(async () => {
  till = await startBrowserTill({ demoProducts: 2000, pageDir: inject("bridgePageDir"), touch: true });
  page = till.page;
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInThroughScreen(page, till.upstream);
  // The first sign-in syncs at once; wait until that sync has brought the catalog.
  const { service } = till.catalog;
  for (;;) {
    const status = await service.status();
    if (!status.sync.running && status.freshness.catalogAsOf !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  records = new Map((await (await adminApi(till.upstream)).liveRecords()).map((item) => [item.id, item]));
  // Everything from here on comes from the till's own catalog.
  await till.upstream.close();
  await mkdir(screenshots, { recursive: true });
}, 180_000);

afterAll(async () => {
  await till?.close();
});

function record(key: string): Product {
  const found = records.get(ids[key] ?? "");
  if (!found) throw new Error(`the demo catalog has no ${key}`);
  return found;
}

const money = (amount: number | null, language: Language) =>
  new Intl.NumberFormat(language, { style: "currency", currency: "EUR" }).format(amount ?? Number.NaN);

/** What a till of Berlin Mitte charges for the product now. */
function grossOf(item: Product): number | null {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    resolvePrice(item.prices, { branch: berlin, currency: null, at: Date.now(), timeZone })?.amount.gross ??
    null
  );
}

/** The till's branch, set in its catalog; the page reads its settings again on loading. */
async function tillBranch(branch: string | null): Promise<void> {
  await till.catalog.service.changeSettings({ prices: { branch, currency: null } });
  await page.reload();
  await page.getByRole("heading", { level: 1 }).waitFor();
}

const navigate = (name: string) =>
  page.getByRole("navigation").getByRole("button", { name, exact: true }).click();
const tab = (name: string) => page.getByRole("tab", { name, exact: true });
const key = (name: string) =>
  page
    .locator(".key-grid")
    .getByRole("button", { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
const keyNames = () => page.locator(".key-grid .key-name").allTextContents();
/** The name on the key that has the keyboard's focus, or null. */
const focusedKey = () =>
  page.evaluate(
    () => document.activeElement?.closest(".key-tile")?.querySelector(".key-name")?.textContent ?? null,
  );
const productHeading = () => page.locator("#product-heading");

/** Layout, key sizes and a screenshot of the screen as it stands; axe in the light theme and the dark. */
async function checkScreen(name: string, language: Language): Promise<void> {
  // The pointer rests on the screen, not on the status bar (where hovering unfolds it).
  await page.mouse.move(512, 1);
  const layout = await page.evaluate(layoutProblems, { fingerPx, pricePx });
  const keys = (await page.locator(".key-tile:visible").count())
    ? await page.evaluate(keyProblems, { keyPx })
    : [];
  if (screenshotWanted([...layout, ...keys]))
    await page.screenshot({ path: `${screenshots}${language}-${name}.png` });
  expect(layout, name).toEqual([]);
  expect(keys, name).toEqual([]);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    const violations = await axeViolations(page);
    if (colorScheme === "dark" && screenshotWanted(violations))
      await page.screenshot({ path: `${screenshots}${language}-dark-${name}.png` });
    expect(violations, `${language} ${name}, ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** A product key opens the product screen: its name, this till's price and its tax; Back returns. */
async function expectCard(item: Product, language: Language): Promise<void> {
  await eventually(() => productHeading().textContent()).toBe(item.name);
  expect(await page.locator(".product-view .price-gross").textContent()).toBe(money(grossOf(item), language));
  const tax = demoTaxes.find((each) => each.id === item.tax);
  expect(await page.locator(".product-view .product-tax").textContent()).toBe(tax?.name);
}

async function backToKeys(language: Language): Promise<void> {
  await page
    .locator(".product-view")
    .getByRole("button", { name: words[language].back, exact: true })
    .click();
  await page.locator(".keys-screen").waitFor();
}

async function tourBakerySet(language: Language): Promise<void> {
  const said = words[language];
  await navigate(said.keys);
  await eventually(() => page.getByRole("tab").allTextContents()).toEqual([
    "1Brötchen",
    "2Kuchen & Süßes",
    "3Kaffee",
    "4Sortiment",
  ]);
  expect(await page.locator(".keys-screen .hint").textContent()).toContain(said.set);

  // The bakery tab by touch, and a roll by touch: its card shows its price and tax.
  await tab("Brötchen").tap();
  const roll = record("roll");
  await eventually(keyNames).toEqual([
    "Weizenbrötchen",
    "Roggenbrötchen",
    "Laugenbrezel",
    "Croissant",
    "Bauernbrot 1 kg",
  ]);
  expect(await key(roll.name).locator(".key-price").textContent()).toBe(money(grossOf(roll), language));
  await checkScreen("bakery-tab", language);
  await key(roll.name).tap();
  await expectCard(roll, language);
  await checkScreen("roll", language);
  await backToKeys(language);

  // By keyboard: 2 picks the cakes, 1 the rolls again, the arrows move, Enter opens.
  await page.keyboard.press("2");
  await eventually(() => tab("Kuchen & Süßes").getAttribute("aria-selected")).toBe("true");
  await page.keyboard.press("1");
  await eventually(() => tab("Brötchen").getAttribute("aria-selected")).toBe("true");
  await eventually(() => page.evaluate(() => document.activeElement?.textContent ?? "")).toContain(roll.name);
  await page.keyboard.press("ArrowRight");
  await eventually(() => page.evaluate(() => document.activeElement?.textContent ?? "")).toContain(
    "Roggenbrötchen",
  );
  await page.keyboard.press("ArrowLeft");
  expect(await focusedKey()).toBe(roll.name);
  await page.keyboard.press("Enter");
  await expectCard(roll, language);
  await backToKeys(language);

  // A variant parent shows its options matrix.
  await key("Croissant").tap();
  await eventually(() => productHeading().textContent()).toBe("Croissant");
  expect(await page.locator(".product-view .variant-matrix").count()).toBe(1);
  await backToKeys(language);

  // A price-entry key says so, and its card asks for the price.
  await tab("Kuchen & Süßes").tap();
  const cake = record("cake");
  await eventually(() => key(cake.name).textContent()).toContain(said.priceEntry);
  await key(cake.name).tap();
  await eventually(() => productHeading().textContent()).toBe(cake.name);
  expect(await page.locator(".product-view .sale-note.ask-price").textContent()).toContain(said.suggested);
  await backToKeys(language);

  // Keys that cannot sell: disabled, with their reason, and touching them does nothing.
  await tab("Sortiment").tap();
  const missing = page.locator('.key-tile[aria-disabled="true"]', { hasText: said.missing });
  await eventually(() => missing.count()).toBe(1);
  const display = record("display");
  expect(await key(display.name).getAttribute("aria-disabled")).toBe("true");
  expect(await key(display.name).textContent()).toContain(said.notForSale);
  // Forced: Playwright itself refuses to touch what says it is disabled.
  await missing.tap({ force: true });
  await key(display.name).tap({ force: true });
  expect(await page.locator(".product-view").count()).toBe(0);
  await checkScreen("unsellable", language);

  // A group key: its products A-Z, 25 a page; one on the second page opened.
  await key("Backwaren").tap();
  await eventually(() => page.locator(".group-title").textContent()).toMatch(said.page(1));
  await eventually(keyNames).toHaveLength(25);
  const first = await keyNames();
  expect(first).toEqual([...first].sort((a, b) => a.localeCompare(b, "de", { sensitivity: "base" })));
  await page.getByRole("button", { name: said.next, exact: true }).tap();
  await eventually(() => page.locator(".group-title").textContent()).toMatch(said.page(2));
  await eventually(async () => (await keyNames())[0]).not.toBe(first[0]);
  const second = await keyNames();
  // Page 2 goes on where page 1 ended, in the same order (names repeat: a cake in two sizes).
  const order = (a: string, b: string) => a.localeCompare(b, "de", { sensitivity: "base" });
  expect(second).toEqual([...second].sort(order));
  expect(order(second[0] as string, first.at(-1) as string)).toBeGreaterThanOrEqual(0);
  await checkScreen("group-page-2", language);
  const sellable = page.locator('.key-grid .key-tile:not([aria-disabled="true"])').first();
  const opened = (await sellable.locator(".key-name").textContent()) ?? "";
  await sellable.tap();
  await eventually(() => productHeading().textContent()).toBe(opened);
  expect(await page.locator(".product-view .product-group").textContent()).toBe("Backwaren");
  await backToKeys(language);
  expect(await page.locator(".group-title").textContent()).toMatch(said.page(2));

  // A scan is caught on the Keys view too, and its digits pick no tab.
  const bread = record("bread");
  await scanInto(page, demoSaleCode("bread"));
  await eventually(() => page.locator(".result-card h3").first().textContent()).toBe(bread.name);
  await navigate(said.keys);
  expect(await tab("Sortiment").getAttribute("aria-selected")).toBe("true");
}

async function tourGroupsAsTabs(language: Language): Promise<void> {
  const said = words[language];
  await navigate(said.keys);
  await eventually(() => page.locator(".keys-screen .hint").textContent()).toContain(said.noSet);
  const tabs = (await page.getByRole("tab").allTextContents()).map((name) => name.replace(/^\d/, ""));
  expect(tabs.length).toBeGreaterThanOrEqual(8);
  expect(tabs).toContain("Backwaren");
  const names = await keyNames();
  expect(names.length).toBeGreaterThan(0);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "de", { sensitivity: "base" })));
  await checkScreen("groups-as-tabs", language);
  await tab("Backwaren").tap();
  await eventually(() => page.locator(".group-title").textContent()).toMatch(said.page(1));
  await page.getByRole("button", { name: said.next, exact: true }).tap();
  await eventually(() => page.locator(".group-title").textContent()).toMatch(said.page(2));
}

describe("the Keys view on a till offline", () => {
  it("makes the product groups the tabs while the till has no favourite set", async () => {
    await tourGroupsAsTabs("en");
  }, 120_000);

  it("shows the bakery set of a Berlin Mitte till, opening keys by touch and by keyboard", async () => {
    await tillBranch(berlin);
    await tourBakerySet("en");
    // The drinks counter's set picked by name, then the till's own again.
    const tabs = () => page.getByRole("tab").allTextContents();
    await page.getByLabel("Favourite set").selectOption("Getränketheke");
    await eventually(tabs).toEqual(["1Kaffee", "2Kalt", "3Bier & Wein", "4Pfand"]);
    await page.getByLabel("Favourite set").selectOption("");
    await eventually(tabs).toEqual(["1Brötchen", "2Kuchen & Süßes", "3Kaffee", "4Sortiment"]);
  }, 180_000);

  it("does the same in German", async () => {
    await navigate("Settings");
    await page.getByLabel("Language").selectOption("de");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("heading", { name: "Einstellungen" }).waitFor();
    await tourBakerySet("de");
    await tillBranch(null);
    await tourGroupsAsTabs("de");
  }, 240_000);

  it("raised no error in the page along the way", () => {
    expect(till.pageErrors).toEqual([]);
  });
});
