// npm run screenshot: the README's picture of the scan screen (docs/scan-screen.png), taken from the
// real screens in Chromium at a till's 1280x800, after a real sign-in and sync against the reference
// service, showing a scanned variant with its family. Run it after changing the screens.
import { join } from "node:path";
import { startBrowserTill } from "../test/support/browser-till.ts";
import { adminApi } from "../test/support/service-fixtures.ts";

const target = join(import.meta.dirname, "..", "docs", "scan-screen.png");
const till = await startBrowserTill({ demoProducts: 2000 });
try {
  const { page, upstream } = till;
  await page.setViewportSize({ width: 1280, height: 800 });
  await till.catalog.service.signInOrganisation({
    baseUrl: upstream.baseUrl,
    organisation: upstream.demo.organisation,
    username: upstream.demo.username,
    password: upstream.demo.password,
    remember: false,
  });
  await till.catalog.service.startSync({ mode: "incremental" });
  const records = await (await adminApi(upstream)).liveRecords();
  const variant = records.find((item) => item.type === "variant" && item.active && item.barcode);
  if (!variant?.barcode) throw new Error("the demo catalog has no variant with a barcode");
  // A keyboard-wedge scan: a fast burst of key presses, then Enter.
  await page.keyboard.type(variant.barcode);
  await page.keyboard.press("Enter");
  await page.locator(".result-card h3", { hasText: variant.name }).first().waitFor();
  await page.screenshot({ path: target });
  console.log(`docs/scan-screen.png: ${variant.name} (${variant.barcode})`);
} finally {
  await till.close();
}
