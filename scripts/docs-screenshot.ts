// npm run screenshot: the README's pictures of the scan screen (docs/scan-screen.png) and the Keys
// view (docs/keys-screen.png), taken from the real screens in Chromium at a till's 1280x800 in the
// light theme, after a real sign-in and sync against the reference service and the pictures'
// download: a few products scanned (so the scan history has something to show), then one with a
// picture; then the keys of a Berlin Mitte till (its branch's favourite set, the bakery counter's)
// on the cakes tab; then the first A4 sheet of that till's shelf labels (docs/labels-sheet.png).
// Run it after changing the screens or the labels.
import { join } from "node:path";
import { demoBranches } from "../src/server/demo-branches.ts";
import { startBrowserTill } from "../test/support/browser-till.ts";
import { largestFamilyVariant, plainWithAndWithoutPicture } from "../test/support/demo-products.ts";
import { adminApi } from "../test/support/service-fixtures.ts";
import { takeLabelsSheetPicture } from "./labels-sheet-picture.ts";

const docs = join(import.meta.dirname, "..", "docs");
const target = join(docs, "scan-screen.png");
const till = await startBrowserTill({ demoProducts: 2000 });
try {
  const { page, upstream } = till;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
  await till.catalog.service.signInOrganisation({
    baseUrl: upstream.baseUrl,
    organisation: upstream.demo.organisation,
    username: upstream.demo.username,
    password: upstream.demo.password,
    remember: false,
  });
  await till.catalog.service.startSync({ mode: "incremental" });
  // The pictures download after the sync; the screenshot waits for all of them.
  for (;;) {
    const { images } = await till.catalog.service.status();
    if (!images.running && images.cached > 0 && images.cached === images.wanted) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const records = await (await adminApi(upstream)).liveRecords();
  const { pictured, bare } = plainWithAndWithoutPicture(records);
  for (const product of [bare, largestFamilyVariant(records), pictured]) {
    // Typed into the code field, not sent as a scanner's burst: on a busy machine a burst can come
    // too slowly to count as a scan, and the picture must not depend on the machine's load.
    await page.getByLabel("Barcode or code").fill(product.barcode as string);
    await page.getByLabel("Barcode or code").press("Enter");
    await page.locator(".result-card h3", { hasText: product.name }).first().waitFor();
  }
  await page
    .locator(".result-card .product-picture img")
    .evaluate((image: HTMLImageElement) => image.decode());
  await page.screenshot({ path: target });
  console.log(`docs/scan-screen.png: ${pictured.name} (${pictured.barcode})`);

  await till.catalog.service.changeSettings({
    prices: { branch: demoBranches[0]?.id ?? null, currency: null },
  });
  // The page reads the settings, the till's branch with them, on loading.
  await page.reload();
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.keyboard.press("F4");
  await page.getByRole("tab", { name: "Kuchen & Süßes" }).click();
  await page.locator(".key-grid .key-name", { hasText: "Kuchen nach Wahl" }).waitFor();
  // The pointer off the keys and the status bar, so neither shows hovered.
  await page.mouse.move(640, 1);
  await page.screenshot({ path: join(docs, "keys-screen.png") });
  console.log("docs/keys-screen.png: the bakery set's cakes tab");
  // A German shop's labels: Grundpreis and Pfand as its shelves say them.
  await till.catalog.service.changeSettings({ language: "de" });
  await takeLabelsSheetPicture(till.catalog.service, join(docs, "labels-sheet.png"));
  console.log("docs/labels-sheet.png: the first A4 sheet of the Berlin Mitte till's labels");
} finally {
  await till.close();
}
