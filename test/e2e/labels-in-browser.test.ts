// The Labels view end to end in headless Chromium over the browser bridge, against the real catalog
// service and the reference service: a price changed at the service and synced shows up with why; a
// product scanned on the view joins the list; the page printed to PDF (Chromium's print) carries
// both labels with barcodes that read back as their codes; printing marks them printed, so the list
// empties once the person says they printed. Checked with axe, in English and German; "Save as PDF" downloads the core's PDF.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { withCheckDigit } from "../../src/shared/barcode/gtin.ts";
import { axeViolations } from "../support/axe-check.ts";
import { type BrowserTill, signInAndSync, startBrowserTill } from "../support/browser-till.ts";
import { codesIn, renderPages } from "../support/label-sheet.ts";
import { scanInto } from "../support/scanner-burst.ts";
import { adminApi } from "../support/service-fixtures.ts";

const screenshots = new URL("../../screenshots/labels/", import.meta.url).pathname;
const gross = (value: number) => [{ amount: { net: value, gross: value }, currency: "EUR" }];
const cheese = withCheckDigit("400638199001");
const water = withCheckDigit("400638199002");

/** Polled until it holds: a page on a machine busy with other tests can take seconds to answer. */
const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 15_000, interval: 100 });

let till: BrowserTill;
let page: Page;
let work: string;
let cheeseId: string;

beforeAll(async () => {
  till = await startBrowserTill({ demoProducts: 60, pageDir: inject("bridgePageDir") });
  page = till.page;
  await page.setViewportSize({ width: 1024, height: 768 });
  work = await mkdtemp(join(tmpdir(), "labels-e2e-"));
  const admin = await adminApi(till.upstream);
  cheeseId = (
    await admin.createProduct({
      name: "Bergkäse 200 g",
      barcode: cheese,
      prices: { default_prices: gross(3.49) },
    })
  ).id as string;
  await admin.createProduct({
    name: "Mineralwasser 6 × 1,5 l",
    barcode: water,
    prices: { default_prices: gross(2.99) },
  });
  await signInAndSync(till);
  await admin.updateProduct(cheeseId, { prices: { default_prices: gross(3.79) } });
  await till.catalog.service.startSync({ mode: "incremental" });
  await page.reload();
  await page.getByRole("heading", { level: 1 }).waitFor();
  await mkdir(screenshots, { recursive: true });
}, 180_000);

afterAll(async () => {
  await till?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const navigate = (name: string) =>
  page.getByRole("navigation").getByRole("button", { name, exact: true }).click();
const status = () => page.locator(".labels-screen [role=status]").textContent();

describe("the Labels view", () => {
  it("lists the label the sync made wrong, with why", async () => {
    await navigate("Labels");
    const row = page.getByRole("row", { name: /Bergkäse 200 g/ });
    await row.waitFor();
    expect(await row.textContent()).toContain("Price: 3.49 EUR → 3.79 EUR");
    expect(await row.getByRole("checkbox").isChecked()).toBe(true);
    expect(await page.getByRole("row").count()).toBe(1);
  });

  it("adds a scanned product's label to the list, chosen", async () => {
    await scanInto(page, water);
    await eventually(status).toBe("Added the label of Mineralwasser 6 × 1,5 l.");
    const row = page.getByRole("row", { name: /Mineralwasser/ });
    expect(await row.textContent()).toContain("Added");
    expect(await row.getByRole("checkbox").isChecked()).toBe(true);
    // The scan stayed on this view: it adds, it does not look up.
    expect(await page.getByRole("heading", { name: "Shelf labels" }).isVisible()).toBe(true);
    await page.mouse.move(512, 1);
    await page.screenshot({ path: `${screenshots}en-labels.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  it("prints to PDF what the preview shows: both labels, their barcodes reading as their codes", async () => {
    await page.locator(".label-barcode").nth(1).waitFor();
    await page.emulateMedia({ media: "print" });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await page.emulateMedia({ media: "screen" });
    await writeFile(join(work, "printed.pdf"), pdf);
    const pages = await renderPages(join(work, "printed.pdf"), await dirIn("printed"));
    expect(pages).toHaveLength(1);
    const first = pages[0];
    if (first === undefined) throw new Error("no page");
    const cells = [0, 1].map((column) => ({ x: column * 70, y: 0.5, width: 70, height: 37 }));
    expect(await codesIn(first, cells[0] as (typeof cells)[0])).toEqual([water]);
    expect(await codesIn(first, cells[1] as (typeof cells)[0])).toEqual([cheese]);
  });

  it("saves the chosen labels as the core's PDF", async () => {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Save as PDF" }).click(),
    ]);
    const saved = join(work, "saved.pdf");
    await download.saveAs(saved);
    expect((await readFile(saved)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await eventually(status).toBe("Saved 2 labels as a PDF.");
  });

  it("marks the printed labels printed: the list empties", async () => {
    await page.getByRole("button", { name: "Print", exact: true }).click();
    // Cancelled, or printed badly: the list stays as it was.
    await page.getByRole("button", { name: "No: keep them on the list" }).click();
    expect(await page.getByRole("row").count()).toBe(2);
    await page.getByRole("button", { name: "Print", exact: true }).click();
    await page.getByRole("button", { name: "Yes: mark them printed (2)" }).click();
    await eventually(status).toBe("Marked 2 labels as printed.");
    await eventually(() => page.getByText("No labels to print").isVisible()).toBe(true);
    expect(await page.getByRole("row").count()).toBe(0);
  });

  it("speaks German", async () => {
    await till.catalog.service.changeSettings({ language: "de" });
    await page.reload();
    await navigate("Etiketten");
    await page.getByRole("heading", { name: "Regaletiketten" }).waitFor();
    await scanInto(page, cheese);
    await eventually(status).toBe("Etikett von Bergkäse 200 g hinzugefügt.");
    expect(await page.getByRole("row", { name: /Bergkäse/ }).textContent()).toContain("Hinzugefügt");
    expect(await page.locator(".label-price").first().textContent()).toBe(
      new Intl.NumberFormat("de", { style: "currency", currency: "EUR" }).format(3.79),
    );
    await page.screenshot({ path: `${screenshots}de-labels.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    expect(till.pageErrors).toEqual([]);
  });
});

async function dirIn(name: string): Promise<string> {
  const dir = join(work, name);
  await mkdir(dir);
  return dir;
}
