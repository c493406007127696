// A change of service through the till's own screens, in Chromium: signed in to one reference
// service and synced with its pictures, the cashier signs out and signs in to a second service whose
// demo catalog draws other pictures. The till downloads the second service's pictures as the CLI
// would (every product that names one), and shows them on the result card from its cache after that
// service has stopped.
import { createHash } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningService, startService } from "../../src/server/service.ts";
import type { Product } from "../../src/shared/api/product.ts";
import { type BrowserTill, signInThroughScreen, startBrowserTill } from "../support/browser-till.ts";
import { hasPicture, plainWithAndWithoutPicture } from "../support/demo-products.ts";
import { scanInto } from "../support/scanner-burst.ts";
import { adminApi } from "../support/service-fixtures.ts";

let till: BrowserTill;
let page: Page;
let second: RunningService;

beforeAll(async () => {
  // A hundred products each: some twenty pictures for each service to draw and the till to fetch.
  till = await startBrowserTill({ demoProducts: 100, pageDir: inject("bridgePageDir") });
  page = till.page;
  // Another seed: other products, other pictures, so the first service's cannot pass for its.
  second = await startService({ port: 0, demoProducts: 100, seed: 2 });
}, 120_000);

afterAll(async () => {
  await second?.close();
  await till?.close();
});

const picturesShown = () => page.locator(".status-bar .pictures").textContent();
const navigate = (name: string) => page.getByRole("navigation").getByRole("button", { name }).click();

/** The live products of a service that name a picture. */
async function pictured(service: RunningService): Promise<Product[]> {
  return (await (await adminApi(service)).liveRecords()).filter(hasPicture);
}

/** Waits until the status bar shows every one of `count` products' pictures held, with no problem. */
async function allPicturesHeld(count: number): Promise<void> {
  await expect
    .poll(picturesShown, { timeout: 90_000, interval: 250 })
    .toBe(`Pictures: ${count.toLocaleString("en-GB")} of ${count.toLocaleString("en-GB")}`);
}

describe("pictures after a change of service", () => {
  it("follow the service signed in to through the screens, and show with it stopped", async () => {
    await signInThroughScreen(page, till.upstream);
    await allPicturesHeld((await pictured(till.upstream)).length);

    await navigate("Account");
    await page.getByRole("button", { name: "Sign out" }).click();
    await signInThroughScreen(page, second);
    const records = await (await adminApi(second)).liveRecords();
    await allPicturesHeld(records.filter(hasPicture).length);

    const product = plainWithAndWithoutPicture(records).pictured;
    const address = (product.images as Record<string, string>)["2x"] as string;
    expect(new URL(address).origin).toBe(second.baseUrl);
    const bytes = Buffer.from(await (await fetch(address)).arrayBuffer());
    const hash = createHash("sha256").update(bytes).digest("hex");
    await second.close();

    await navigate("Scan");
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await scanInto(page, product.barcode as string);
    await expect.poll(() => page.locator(".result-card h3").first().textContent()).toBe(product.name);
    const image = page.locator(".result-card .product-picture img");
    expect(await image.getAttribute("src")).toContain(hash);
    // Drawn 320 pixels wide by the second service, and loaded from the till's cache: it has stopped.
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(320);
    expect(till.pageErrors).toEqual([]);
  }, 240_000);
});
