// The cashier's screens end to end in headless Chromium: the built renderer, window.catalog backed by
// the real catalog service (real SQLite, real sync from the reference service over loopback) through
// the browser bridge. Asserts on what is visible, checks accessibility with axe-core, and in
// `npm run test:long` saves a screenshot of each screen in both languages under screenshots/ (ignored
// by git; test/support/screenshots.ts).

import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { demoBranches } from "../../src/server/demo/demo-branches.ts";
import { demoSaleCode } from "../../src/server/demo/demo-sale-cases.ts";
import type { Product } from "../../src/shared/api/product.ts";
import { withCheckDigit } from "../../src/shared/barcode/gtin.ts";
import { type ResolvedPrice, resolvePrice } from "../../src/shared/catalog/price-rule.ts";
import { axeViolations } from "../support/axe-check.ts";
import { type BrowserTill, startBrowserTill } from "../support/browser-till.ts";
import { scanInto } from "../support/scanner-burst.ts";
import { screenshotWanted } from "../support/screenshots.ts";
import { adminApi } from "../support/service-fixtures.ts";

const screenshots = new URL("../../screenshots/", import.meta.url).pathname;
/** Fifty pages of twenty: a sync long enough to show its progress. */
const demoProducts = 1000;

let till: BrowserTill;
let page: Page;
let records: Product[];

beforeAll(async () => {
  // No screen here looks at pictures (till-layout and the pictures tests do).
  till = await startBrowserTill({
    demoProducts,
    pageSize: 20,
    pageDir: inject("bridgePageDir"),
    pictures: false,
  });
  page = till.page;
  records = await (await adminApi(till.upstream)).liveRecords();
  await mkdir(screenshots, { recursive: true });
}, 120_000);

afterAll(async () => {
  await till?.close();
});

/** A code the demo catalog holds, chosen by what kind of product carries it. */
function codeOf(wanted: (product: Product) => boolean): { code: string; product: Product } {
  const product = records.find((item) => item.active && item.barcode && wanted(item));
  if (!product?.barcode) throw new Error("the demo catalog has no such product");
  return { code: product.barcode, product };
}

/** The demo chain's first branch, "1 Berlin Mitte". */
const berlin = demoBranches[0]?.id ?? "";

/**
 * A scannable product whose price for a till of the demo's first branch comes from `source`, and
 * stays so for the rest of the test (its price changes no sooner than an hour from now).
 */
function pricedBy(source: ResolvedPrice["source"]): { code: string; product: Product; price: ResolvedPrice } {
  const till = {
    branch: berlin,
    currency: null,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  for (const product of records) {
    if (!product.active || !/^[3-9]\d{12}$/.test(product.barcode ?? "")) continue;
    const price = resolvePrice(product.prices, { ...till, at: Date.now() });
    const steady = price?.until === null || Date.parse(price?.until ?? "") > Date.now() + 3_600_000;
    if (price?.source === source && steady && product.barcode)
      return { code: product.barcode, product, price };
  }
  throw new Error(`the demo catalog has no product priced by ${source}`);
}

const euros = (amount: number | null, locale: string) =>
  new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(amount ?? Number.NaN);

const statusBar = () => page.getByRole("region", { name: /Catalog status|Katalogstatus/ });
const resultHeading = () => page.locator(".result-card h3").first();

/** A keyboard-wedge scan: the code as one fast burst of real key presses, then Enter. */
async function scan(code: string): Promise<void> {
  await scanInto(page, code);
}

async function shoot(name: string, language: "en" | "de"): Promise<void> {
  if (!screenshotWanted()) return;
  await page.screenshot({ path: `${screenshots}${language}-${name}.png`, fullPage: true });
}

const seriousViolations = () => axeViolations(page, "serious");

async function openScreen(name: RegExp): Promise<void> {
  await page.getByRole("navigation").getByRole("button", { name }).click();
}

/** Opens the first search row named `name` from the search screen. */
async function openFromSearch(name: string): Promise<void> {
  await openScreen(/Search/);
  await page.getByRole("combobox").fill(name);
  await page.getByRole("option").first().waitFor();
  const named = new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  await page.getByRole("option", { name: named }).first().click();
  await page.locator(".product-view").waitFor();
}

const saleNotes = () => page.locator(".result-card .sale-note").allTextContents();

/** A demo sale case scanned as a till's scanner sends it, once its card is on screen. */
async function scanSaleCase(key: string): Promise<void> {
  const code = demoSaleCode(key);
  const product = records.find((item) => item.barcode === code);
  await scan(code);
  await expect.poll(() => resultHeading().textContent(), { message: key }).toBe(product?.name);
}

/** Each demo sale case (src/server/demo/demo-sale-cases.ts) and the lines its card must say, in order. */
function saleCases(language: "en" | "de"): [string, unknown[]][] {
  const money = (amount: number) => euros(amount, language);
  const missing = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.source;
  const en = language === "en";
  const linked = (items: string, amount: number, total: number) =>
    en
      ? `With ${items}: ${money(amount)}, to pay ${money(total)}`
      : `Mit ${items}: ${money(amount)}, zu zahlen ${money(total)}`;
  return [
    ["cola", [linked("Pfand Einweg 0,25 €", 0.25, 1.54)]],
    ["beerCrate", [linked("Pfand Kasten 20 × 0,5 l", 3.42, 19.41)]],
    ["juice", [linked("Pfand Mehrweg 0,15 €", 0.15, 2.64)]],
    ["appleJuice", [linked("Pfand Mehrweg 0,15 € (Apfelsaft)", 0.15, 2.14)]],
    ["giftBox", [`${en ? "Bundle of" : "Set aus"}: 1 × Kaffee ganze Bohne 500 g, 2 × Kaffeebecher Steingut`]],
    [
      "hamper",
      [
        expect.stringMatching(
          new RegExp(
            `^${en ? "Bundle of" : "Set aus"}: 1 × Kaffee ganze Bohne 500 g, 1 × ${en ? "missing product" : "fehlendes Produkt"} \\(${missing}\\), 3 × Schokolade Zartbitter 100 g$`,
          ),
        ),
      ],
    ],
    ["voucher", [en ? "Enter the price" : "Preis eingeben"]],
    [
      "looseFruit",
      [en ? `Enter the price (suggested ${money(2.99)})` : `Preis eingeben (Vorschlag ${money(2.99)})`],
    ],
    [
      "repair",
      en
        ? [`Enter the price (suggested ${money(4.99)}) 0 is allowed.`, "Ask 1 question at sale"]
        : [`Preis eingeben (Vorschlag ${money(4.99)}) 0 ist erlaubt.`, "Beim Verkauf 1 Frage stellen"],
    ],
    [
      "display",
      [
        en
          ? "Not for sale: do not sell this product."
          : "Nicht verkaufen: Dieses Produkt ist nicht zum Verkauf.",
      ],
    ],
    ["headphones", [en ? "Serial number needed" : "Seriennummer erforderlich"]],
    ["coffee", []],
  ];
}

describe("the till in a browser", () => {
  it("opens ready to scan, with an empty catalog and nobody signed in", async () => {
    await expect.poll(() => statusBar().textContent()).toContain("Catalog not downloaded yet");
    expect(await statusBar().textContent()).toContain("Not signed in");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("code");
    expect(await seriousViolations()).toEqual([]);
    await shoot("scan-empty", "en");
  });

  it("takes scanner thresholds from the settings screen", async () => {
    await openScreen(/Settings/);
    // Generous for a loaded two-core machine: the browser, not the thresholds, is under test here.
    await page.getByLabel(/Longest pause between scanner keys/).fill("300");
    await page.getByLabel(/Longest time for a whole scan/).fill("5000");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Saved.").waitFor();
    expect(await seriousViolations()).toEqual([]);
    await shoot("settings", "en");
  });

  it("signs in and syncs with visible progress to completion", async () => {
    await openScreen(/Sign in/);
    const form = page.getByRole("form", { name: "Sign in" });
    expect(await seriousViolations()).toEqual([]);
    await shoot("sign-in", "en");
    await form.getByLabel("Service address").fill(till.upstream.baseUrl);
    await form.getByLabel("Organisation", { exact: true }).fill(till.upstream.demo.organisation);
    await form.getByLabel("Username", { exact: true }).fill(till.upstream.demo.username);
    await form.getByLabel("Password").fill("not the password");
    await form.getByRole("button", { name: "Sign in" }).click();
    // The service checks the password with scrypt: on a busy machine that alone can take seconds.
    await expect
      .poll(() => form.getByRole("alert").textContent(), { timeout: 15_000 })
      .toBe("Wrong organisation, username or password.");
    await form.getByLabel("Password").fill(till.upstream.demo.password);
    await form.getByRole("button", { name: "Sign in" }).click();
    const progress = statusBar().getByRole("progressbar");
    await progress.waitFor({ state: "visible", timeout: 30_000 });
    // Products done of the service's count, as soon as the first page is in.
    await expect
      .poll(() => statusBar().textContent(), { timeout: 30_000 })
      .toMatch(/Syncing: [1-9][\d,]* of [\d,]+/);
    await shoot("sync-progress", "en");
    await progress.waitFor({ state: "detached", timeout: 60_000 });
    const expected = records.length.toLocaleString("en-GB");
    await expect.poll(() => statusBar().textContent(), { timeout: 30_000 }).toContain(`${expected} products`);
    expect(await statusBar().textContent()).toMatch(/Catalog as of/);
    expect(await statusBar().textContent()).toMatch(/Online/);
    // Its own waits above are the limits: on a loaded machine they add up to more than the default.
  }, 180_000);

  it("takes a fast scan burst while the search field has focus, and leaves the field as it was", async () => {
    await openScreen(/Search/);
    const field = page.getByRole("combobox");
    await field.fill("creme");
    await page.getByRole("listbox").waitFor();
    const { code, product } = codeOf(
      (item) => item.type === "product" && /^[3-9]\d{12}$/.test(item.barcode ?? ""),
    );
    await field.focus();
    await scan(code);
    await expect.poll(() => resultHeading().textContent()).toBe(product.name);
    expect(await page.locator(".scan-announcement").textContent()).toBe(`Found: ${product.name}`);
    await openScreen(/Search/);
    expect(await page.getByRole("combobox").inputValue()).toBe("creme");
    await page.getByRole("listbox").waitFor();
    await shoot("search", "en");
    expect(await seriousViolations()).toEqual([]);
  });

  it("shows a product with its prices and codes", async () => {
    await openScreen(/Scan/);
    const { code, product } = codeOf(
      (item) => item.type === "product" && (item.prices?.default_prices?.length ?? 0) > 0,
    );
    await scan(code);
    await expect.poll(() => resultHeading().textContent()).toBe(product.name);
    const card = page.locator(".result-card");
    expect(await card.locator(".price-gross").textContent()).toMatch(/\d/);
    expect(await card.locator(".codes").textContent()).toContain(code);
    await shoot("scan-product", "en");
    expect(await seriousViolations()).toEqual([]);
  });

  it("shows a scanned variant highlighted in its parent's matrix", async () => {
    const { code, product } = codeOf((item) => item.type === "variant");
    await scan(code);
    await expect.poll(() => resultHeading().textContent()).toBe(product.name);
    const highlighted = page.locator('.variant-matrix [aria-current="true"]');
    expect(await highlighted.count()).toBe(1);
    expect(await highlighted.textContent()).toContain(code);
    await shoot("scan-variant", "en");
    expect(await seriousViolations()).toEqual([]);
  });

  it("reads a scale label's weight and charges the line total", async () => {
    const { code, product } = codeOf((item) => item.barcode?.startsWith("21") ?? false);
    await scan(withCheckDigit(`${code.slice(0, 7)}01250`));
    await expect.poll(() => resultHeading().textContent()).toBe(product.name);
    expect(await page.locator(".label-weight").textContent()).toBe("1.250 kg");
    expect(await page.locator(".line-total").textContent()).toMatch(/\d/);
    await shoot("scan-scale-label", "en");
  });

  it("charges this till's branch price once the branch is chosen, and a running offer over it", async () => {
    await openScreen(/Settings/);
    const branch = page.getByLabel("This till's branch");
    await expect
      .poll(() => branch.locator("option").allTextContents())
      .toContainEqual(expect.stringMatching(/^1 Berlin Mitte \([\d,]+ products\)$/));
    await branch.selectOption(berlin);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Saved.").waitFor();
    await openScreen(/Scan/);
    const branchPriced = pricedBy("branch");
    await scan(branchPriced.code);
    await expect.poll(() => resultHeading().textContent()).toBe(branchPriced.product.name);
    const card = page.locator(".result-card");
    expect(await card.locator(".price-gross").textContent()).toBe(
      euros(branchPriced.price.amount.gross, "en"),
    );
    expect(await card.locator(".price-source").textContent()).toMatch(/^Branch price/);
    await shoot("scan-branch-price", "en");
    const onOffer = pricedBy("time-based");
    await scan(onOffer.code);
    await expect.poll(() => resultHeading().textContent()).toBe(onOffer.product.name);
    expect(await card.locator(".price-gross").textContent()).toBe(euros(onOffer.price.amount.gross, "en"));
    // The test browser speaks en-GB (test/support/chromium.ts): the day comes before the month.
    expect(await card.locator(".price-source").textContent()).toMatch(/^Offer until \d{1,2} \w{3} \d{4}/);
    await shoot("scan-offer", "en");
    expect(await seriousViolations()).toEqual([]);
  });

  it("says first on the card how each product is sold: deposits, bundles, price entry, not for sale, serial numbers", async () => {
    for (const [key, lines] of saleCases("en")) {
      await scanSaleCase(key);
      await expect.poll(saleNotes, { message: key }).toEqual(lines);
    }
    await scanSaleCase("display");
    await expect.poll(saleNotes).toEqual(["Not for sale: do not sell this product."]);
    expect(await page.locator(".sale-note.not-for-sale [role=alert]").count()).toBe(1);
    await shoot("scan-not-for-sale", "en");
    await scanSaleCase("cola");
    await expect.poll(saleNotes).toHaveLength(1);
    await shoot("scan-deposit", "en");
    expect(await seriousViolations()).toEqual([]);
  });

  it("shows the till's branch price in a search row, as a scan does, and the branch in the status bar", async () => {
    const branchPriced = pricedBy("branch");
    await openScreen(/Search/);
    await page.getByRole("combobox").fill(branchPriced.code);
    const row = page.getByRole("option").filter({ hasText: branchPriced.code });
    await expect
      .poll(() => row.first().textContent())
      .toContain(euros(branchPriced.price.amount.gross, "en"));
    const defaultGross = branchPriced.product.prices?.default_prices?.[0]?.amount?.gross ?? null;
    expect(defaultGross).not.toBe(branchPriced.price.amount.gross);
    expect(await row.first().textContent()).not.toContain(euros(defaultGross, "en"));
    expect(await statusBar().textContent()).toContain("Branch 1 Berlin Mitte");
    await page.getByRole("combobox").fill("");
    await openScreen(/Scan/);
  });

  it("explains an unknown code and offers a search", async () => {
    const unknown = withCheckDigit("990000000001");
    await scan(unknown);
    await expect.poll(() => resultHeading().textContent()).toBe(`Not found: ${unknown}`);
    expect(await page.locator(".reason").textContent()).toBe("No product in the catalog has this code.");
    expect(await page.getByRole("button", { name: "Search the catalog" }).isVisible()).toBe(true);
    await shoot("scan-unknown", "en");
    expect(await seriousViolations()).toEqual([]);
  });

  it("opens a product from the search with its options matrix, and a drink with its deposit", async () => {
    const parent = records.find((item) => item.type === "variant_product" && item.active);
    if (!parent) throw new Error("the demo catalog has no variant family");
    await openFromSearch(parent.name);
    expect(await page.locator(".product-view .variant-matrix table").count()).toBeGreaterThan(0);
    await shoot("product", "en");
    expect(await seriousViolations()).toEqual([]);
    // A drink opened from the search says its deposit and the total, as its scan does.
    const [key, lines] = saleCases("en")[0] as [string, unknown[]];
    const drink = records.find((item) => item.barcode === demoSaleCode(key));
    if (!drink) throw new Error(`the demo catalog has no ${key}`);
    await openFromSearch(drink.name);
    await expect
      .poll(() => page.locator(".product-view .sale-note").allTextContents(), { message: key })
      .toEqual(lines);
    await shoot("product-deposit", "en");
    expect(await seriousViolations()).toEqual([]);
    await openScreen(/Account/);
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    await shoot("account", "en");
  });

  it('finds the bananas typed "Bananne", marks the word it took, and opens them from the list', async () => {
    const bananas = records.find((item) => item.active && item.name.startsWith("Bananen"));
    if (!bananas) throw new Error("the demo catalog has no bananas");
    await openScreen(/Search/);
    await page.getByRole("combobox").fill("Bananne");
    const row = page.getByRole("option", { name: bananas.name }).first();
    await expect.poll(() => row.locator("mark").allTextContents()).toEqual(["Bananen"]);
    await shoot("search-typo", "en");
    await row.click();
    await expect.poll(() => page.locator("#product-heading").textContent()).toBe(bananas.name);
    await openScreen(/Scan/);
  });

  it("keeps answering scans from the local catalog with the service stopped, and says it is offline", async () => {
    await till.upstream.close();
    await openScreen(/Scan/);
    const { code, product } = codeOf(
      (item) => item.type === "product" && /^[3-9]\d{12}$/.test(item.barcode ?? ""),
    );
    await scan(code);
    await expect.poll(() => resultHeading().textContent()).toBe(product.name);
    await statusBar().getByRole("button", { name: "Sync now" }).click();
    await expect.poll(() => statusBar().textContent(), { timeout: 30_000 }).toContain("Offline");
    expect(await statusBar().getByRole("alert").textContent()).toContain("No connection to the service");
    await shoot("offline", "en");
    expect(await seriousViolations()).toEqual([]);
  });

  it("speaks German once chosen, on every screen", async () => {
    await openScreen(/Settings/);
    await page.getByLabel("Language").selectOption("de");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("heading", { name: "Einstellungen" }).waitFor();
    await shoot("settings", "de");
    await openScreen(/Scannen/);
    const { code, product } = codeOf((item) => item.type === "variant");
    await scan(code);
    await expect.poll(() => resultHeading().textContent()).toBe(product.name);
    expect(await page.locator(".result-card").textContent()).toContain("Variante von");
    expect(await statusBar().textContent()).toContain("Offline");
    await shoot("scan-variant", "de");
    const unknown = withCheckDigit("990000000001");
    await scan(unknown);
    await expect.poll(() => resultHeading().textContent()).toBe(`Nicht gefunden: ${unknown}`);
    await shoot("scan-unknown", "de");
    const { code: scaleCode } = codeOf((item) => item.barcode?.startsWith("21") ?? false);
    await scan(withCheckDigit(`${scaleCode.slice(0, 7)}01250`));
    await expect.poll(() => page.locator(".label-weight").textContent()).toBe("1,250 kg");
    await shoot("scan-scale-label", "de");
    const { code: plainCode, product: plain } = codeOf(
      (item) => item.type === "product" && (item.prices?.default_prices?.length ?? 0) > 0,
    );
    await scan(plainCode);
    await expect.poll(() => resultHeading().textContent()).toBe(plain.name);
    await shoot("scan-product", "de");
    const branchPriced = pricedBy("branch");
    await scan(branchPriced.code);
    await expect.poll(() => resultHeading().textContent()).toBe(branchPriced.product.name);
    expect(await page.locator(".price-gross").textContent()).toBe(
      euros(branchPriced.price.amount.gross, "de"),
    );
    expect(await page.locator(".price-source").textContent()).toMatch(/^Filialpreis/);
    await shoot("scan-branch-price", "de");
    const onOffer = pricedBy("time-based");
    await scan(onOffer.code);
    await expect.poll(() => resultHeading().textContent()).toBe(onOffer.product.name);
    expect(await page.locator(".price-gross").textContent()).toBe(euros(onOffer.price.amount.gross, "de"));
    expect(await page.locator(".price-source").textContent()).toMatch(/^Angebot bis \d{2}\.\d{2}\.\d{4}/);
    await shoot("scan-offer", "de");
    await openScreen(/Suchen/);
    await page.getByRole("combobox").fill("creme");
    // The list of the search before (the bananas) stays until this one's answer replaces it.
    await expect.poll(() => page.getByRole("option").first().textContent()).toMatch(/cr[eè]me/iu);
    await shoot("search", "de");
    await page.getByRole("option").first().click();
    await page.locator(".product-view").waitFor();
    await shoot("product", "de");
    expect(await seriousViolations()).toEqual([]);
    await openScreen(/Konto|Anmelden/);
    await page.getByRole("button", { name: "Abmelden" }).waitFor();
    await shoot("account", "de");
    // Signed out (the catalog stays): the sign-in form, in German.
    await page.getByRole("button", { name: "Abmelden" }).click();
    await page.getByRole("heading", { name: "Anmelden" }).waitFor();
    await shoot("sign-in", "de");
    expect(await seriousViolations()).toEqual([]);
  });

  it("says how each product is sold in German too", async () => {
    await openScreen(/Scannen/);
    for (const [key, lines] of saleCases("de")) {
      await scanSaleCase(key);
      await expect.poll(saleNotes, { message: key }).toEqual(lines);
    }
    await shoot("scan-not-for-sale", "de");
    await scanSaleCase("cola");
    await expect.poll(saleNotes).toHaveLength(1);
    await shoot("scan-deposit", "de");
    expect(await seriousViolations()).toEqual([]);
  });

  it("raised no error in the page along the way", () => {
    expect(till.pageErrors).toEqual([]);
  });
});
