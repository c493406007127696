// The till in each of its languages, end to end in headless Chromium at 1024x768: a browser set to
// the language's locale opens the screens, which follow it (the language setting left at the
// system's); the cashier signs in through the sign-in screen, scans a drink with a deposit and a
// product not for sale, searches with a typo, opens the Keys view (the product groups as tabs, then
// a Berlin Mitte till's favourite keys with a price entry and a key not for sale) and Settings. Each
// screen's words are that language's (the real messages, formatted as the screens do), and no
// layout check fails: no page scroll, the status bar on one line, no word broken or cut off
// unreadably, no button past its row. Last, the setting overrides the system's language.
// `npm test` tours English and Polish (its three plural forms); `npm run test:long` tours all seven
// and saves every screen to screenshots/languages/ (ignored by git; `npm test` a screen that fails).
import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { languages } from "../../src/renderer/src/i18n/languages.ts";
import { createI18n, type I18n } from "../../src/renderer/src/i18n/translator.ts";
import { demoBranches } from "../../src/server/demo/demo-branches.ts";
import { demoSaleCode } from "../../src/server/demo/demo-sale-cases.ts";
import type { Product } from "../../src/shared/api/product.ts";
import { type BrowserTill, startBrowserTill } from "../support/browser-till.ts";
import { launchChromium, type RunningChromium } from "../support/chromium.ts";
import {
  fingerPx,
  keyProblems,
  keyPx,
  keyTextProblems,
  layoutProblems,
  pricePx,
  textProblems,
} from "../support/layout-probe.ts";
import { byRunLength } from "../support/run-length.ts";
import { scanInto } from "../support/scanner-burst.ts";
import { screenshotWanted } from "../support/screenshots.ts";
import { adminApi } from "../support/service-fixtures.ts";

const screenshots = new URL("../../screenshots/languages/", import.meta.url).pathname;
/** The locale each language's browser runs in, as a till in that country would. */
const locales = {
  en: "en-GB",
  de: "de-DE",
  fr: "fr-FR",
  es: "es-ES",
  it: "it-IT",
  nl: "nl-NL",
  pl: "pl-PL",
} as const satisfies Record<keyof typeof languages, string>;
type Language = keyof typeof locales;
/** The languages toured: each tour is a fresh browser, a sign-in and a dozen screens checked. */
const toured = byRunLength<Language[]>(["en", "pl"], Object.keys(locales) as Language[]);
/** The demo's Berlin Mitte, whose default favourite set is the bakery's. */
const berlin = demoBranches[0]?.id ?? "";

/** Polled until it holds: a page on a machine busy with other tests can take seconds to answer. */
const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 20_000, interval: 100 });

let till: BrowserTill;
let records: Product[];
const browsers: RunningChromium[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  till = await startBrowserTill({ demoProducts: 300, pageDir: inject("bridgePageDir") });
  records = await (await adminApi(till.upstream)).liveRecords();
  await mkdir(screenshots, { recursive: true });
}, 180_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => undefined);
  await till?.close();
});

/** A fresh browser in `locale`, on the till's screens at a till's size. */
async function openTill(locale: string): Promise<Page> {
  const browser = await launchChromium({ locale });
  browsers.push(browser);
  const page = await browser.context.newPage();
  page.on("pageerror", (error) => pageErrors.push(`${locale}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(`${locale}: ${message.text()}`);
  });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(till.bridge.url);
  await page.getByRole("heading", { level: 1 }).waitFor();
  return page;
}

async function checkLayout(page: Page, name: string, language: Language): Promise<void> {
  const where = `${language} ${name}`;
  // The pointer rests on the screen, not on the status bar (where hovering unfolds it).
  await page.mouse.move(512, 1);
  const layout = await page.evaluate(layoutProblems, { fingerPx, pricePx });
  const text = await page.evaluate(textProblems);
  // Shot before the checks fail, so that a failing screen can be looked at.
  if (screenshotWanted([...layout, ...text]))
    await page.screenshot({ path: `${screenshots}${language}-${name}.png` });
  expect(layout, where).toEqual([]);
  expect(text, where).toEqual([]);
}

const navigate = (page: Page, name: string) =>
  page.getByRole("navigation").getByRole("button", { name, exact: true }).click();

/** Signs out if signed in, then in again through the sign-in screen, in the screen's words. */
async function signIn(page: Page, { t }: I18n, language: Language): Promise<void> {
  const navigation = page.getByRole("navigation");
  // Asked of the catalog, not the page: the page learns it a moment after it opens.
  const { signedIn } = await till.catalog.service.status();
  await navigate(page, t(signedIn ? "nav.accountSignedIn" : "nav.account"));
  if (signedIn) await page.getByRole("button", { name: t("account.signOut") }).click();
  const form = page.locator("form.sign-in");
  await form.waitFor();
  const { baseUrl, demo } = till.upstream;
  await form.getByLabel(t("signIn.baseUrl"), { exact: true }).fill(baseUrl);
  await form.getByRole("textbox", { name: t("signIn.organisation"), exact: true }).fill(demo.organisation);
  await form.getByLabel(t("signIn.username"), { exact: true }).fill(demo.username);
  await form.getByLabel(t("signIn.password"), { exact: true }).fill(demo.password);
  await checkLayout(page, "sign-in", language);
  await form.getByRole("button", { name: t("signIn.submit") }).click();
  await navigation.getByRole("button", { name: t("nav.accountSignedIn"), exact: true }).waitFor();
}

async function syncDone(): Promise<number> {
  for (;;) {
    const status = await till.catalog.service.status();
    if (!status.sync.running && status.freshness.catalogAsOf !== null) return status.products;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A long word of a product's name with one letter mistyped, as a hurried cashier types it. */
function typoOf(item: Product): string {
  const word = item.name.split(/\s+/).find((part) => /^\p{L}{7,}$/u.test(part));
  if (word === undefined) throw new Error(`no long word in ${item.name}`);
  return `${word.slice(0, 4)}${word[4] === "x" ? "y" : "x"}${word.slice(5)}`;
}

async function tour(language: Language): Promise<void> {
  const i18n = createI18n(locales[language]);
  const { t } = i18n;
  const page = await openTill(locales[language]);
  expect(await page.locator(".catalog-app").getAttribute("lang")).toBe(language);
  await signIn(page, i18n, language);
  const products = await syncDone();
  const nav = await page.getByRole("navigation").getByRole("button").allTextContents();
  expect(nav).toEqual(
    (
      ["nav.scan", "nav.search", "nav.keys", "nav.labels", "nav.accountSignedIn", "nav.settings"] as const
    ).map((key) => t(key)),
  );
  await eventually(() => page.locator(".status-bar").textContent()).toContain(
    t("status.products", { count: products }),
  );
  expect(await page.locator(".status-bar").textContent()).toContain(t("status.online"));
  await checkLayout(page, "signed-in", language);

  // A scan of a drink with a deposit, then of a product not for sale.
  await navigate(page, t("nav.scan"));
  await page.getByRole("heading", { name: t("scan.heading") }).waitFor();
  const cola = records.find((item) => item.barcode === demoSaleCode("cola"));
  await scanInto(page, demoSaleCode("cola"));
  await eventually(() => page.locator(".result-card h3").first().textContent()).toBe(cola?.name);
  const card = page.locator(".result-card").first();
  expect(await card.textContent()).toContain(t("productType.linked_product"));
  // The deposit's note, up to where the deposit's own name (as the catalog sends it) begins.
  const [lead] = t("sale.linked", { items: "\u0000", amount: "", total: "" }).split("\u0000");
  expect(await card.locator(".sale-note").first().textContent()).toMatch(new RegExp(`^${lead}`));
  await checkLayout(page, "scan-deposit", language);
  await scanInto(page, demoSaleCode("display"));
  await eventually(() => page.locator(".result-card .sale-note.not-for-sale").first().textContent()).toBe(
    t("sale.notForSale"),
  );
  await checkLayout(page, "scan-not-for-sale", language);

  // A search with a typo still finds the product, and counts its results in the language's words.
  const wanted = records.find((item) => item.active !== false && /\p{L}{7,}/u.test(item.name)) as Product;
  const typed = typoOf(wanted);
  await navigate(page, t("nav.search"));
  await page.getByRole("combobox").fill(typed);
  await page.getByRole("option").first().waitFor();
  const count = Number(((await page.locator(".search-count").textContent()) ?? "").replace(/\D/g, ""));
  expect(count).toBeGreaterThan(0);
  expect(await page.locator(".search-count").textContent()).toBe(t("search.results", { count }));
  expect(await page.getByRole("option").allTextContents()).toContainEqual(
    expect.stringContaining(wanted.name),
  );
  await checkLayout(page, "search-typo", language);

  // The Keys view: no branch, so no favourite set; the product groups are the tabs.
  await navigate(page, t("nav.keys"));
  await page.locator(".key-tile").first().waitFor();
  expect(await page.getByRole("heading", { name: t("keys.heading"), exact: true }).count()).toBe(1);
  expect(await page.getByText(t("keys.groupsAsTabs")).count()).toBe(1);
  expect(await page.evaluate(keyProblems, { keyPx }), language).toEqual([]);
  expect(await page.evaluate(keyTextProblems), language).toEqual([]);
  await checkLayout(page, "keys", language);

  // As Berlin Mitte the till has the bakery's favourite keys: a price entry, a key not for sale.
  await till.catalog.service.changeSettings({ prices: { branch: berlin, currency: null } });
  await page.reload();
  await navigate(page, t("nav.keys"));
  await page.getByText(t("keys.set", { name: "Bäckertheke" })).waitFor();
  await page.getByRole("tab", { name: "Kuchen & Süßes", exact: true }).click();
  await eventually(() =>
    page.locator(".key-tile", { hasText: t("keys.priceEntry") }).count(),
  ).toBeGreaterThan(0);
  expect(await page.evaluate(keyProblems, { keyPx }), language).toEqual([]);
  expect(await page.evaluate(keyTextProblems), language).toEqual([]);
  await checkLayout(page, "keys-price-entry", language);
  await page.getByRole("tab", { name: "Sortiment", exact: true }).click();
  await eventually(() =>
    page.locator(".key-tile", { hasText: t("keys.disabled.not-sellable") }).count(),
  ).toBeGreaterThan(0);
  await checkLayout(page, "keys-not-for-sale", language);
  await till.catalog.service.changeSettings({ prices: { branch: null, currency: null } });

  // The Labels view: none due after the first sync (a label is due once a sync changes what it reads).
  await navigate(page, t("nav.labels"));
  await page.getByRole("heading", { name: t("labels.heading"), exact: true }).waitFor();
  await eventually(() => page.getByText(t("labels.loading")).count()).toBe(0);
  await checkLayout(page, "labels", language);

  // Settings: each language named in itself, the system's first, saying which it is.
  await navigate(page, t("nav.settings"));
  await page.getByRole("heading", { name: t("settings.heading"), exact: true }).waitFor();
  const choices = await page.getByLabel(t("settings.language")).locator("option").allTextContents();
  expect(choices).toEqual([
    t("settings.languageSystem", { language: languages[language] }),
    ...Object.values(languages),
  ]);
  expect(await page.getByLabel(t("settings.language")).inputValue()).toBe("");
  await checkLayout(page, "settings", language);
  await page.getByRole("group", { name: t("settings.prices") }).scrollIntoViewIfNeeded();
  await checkLayout(page, "settings-prices", language);
  await page.getByRole("group", { name: t("settings.labels") }).scrollIntoViewIfNeeded();
  await checkLayout(page, "settings-labels", language);
  await page.getByRole("button", { name: t("settings.save"), exact: true }).scrollIntoViewIfNeeded();
  await checkLayout(page, "settings-end", language);
}

describe("the till in each of its languages", () => {
  for (const language of toured) {
    it(`speaks ${languages[language]} in a browser set to ${locales[language]}, laid out at 1024x768`, async () => {
      await tour(language);
    }, 180_000);
  }

  it("speaks the language the setting names over the system's, and the system's again once it is cleared", async () => {
    const polish = createI18n("pl-PL");
    const page = await openTill("pl-PL");
    await navigate(page, polish.t("nav.settings"));
    await page.getByLabel(polish.t("settings.language")).selectOption("fr");
    await page.getByRole("button", { name: polish.t("settings.save"), exact: true }).click();
    const french = createI18n("fr");
    await page.getByRole("heading", { name: french.t("settings.heading"), exact: true }).waitFor();
    expect(await page.locator(".catalog-app").getAttribute("lang")).toBe("fr");
    await page.getByLabel(french.t("settings.language")).selectOption("");
    await page.getByRole("button", { name: french.t("settings.save"), exact: true }).click();
    await page.getByRole("heading", { name: polish.t("settings.heading"), exact: true }).waitFor();
    expect(await page.locator(".catalog-app").getAttribute("lang")).toBe("pl");
  }, 60_000);

  it("raised no error in any page along the way", () => {
    expect(pageErrors).toEqual([]);
    expect(till.pageErrors).toEqual([]);
  });
});
