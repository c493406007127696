// A change of service to one that serves the same picture files at another address, through the
// till's own screens in Chromium: the second service is started with the first one's demo seed, so
// its products name the same picture paths (`/images/demo/box-264-2x.png`, ...) at another host. The
// till must fetch the second catalog's pictures from where that catalog names them, count that
// catalog's pictures in the status bar, and show every one of them on its card with the second
// service stopped: whether the cashier signed out while the first catalog's pictures were still
// downloading, or after they were all in.
import { createHash } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startService } from "../../src/server/service.ts";
import type { Product } from "../../src/shared/api/product.ts";
import { type BrowserTill, signInThroughScreen, startBrowserTill } from "../support/browser-till.ts";
import { hasPicture } from "../support/demo-products.ts";
import { scanInto } from "../support/scanner-burst.ts";
import { adminApi } from "../support/service-fixtures.ts";

/** The first catalog: large enough that its picture run can be caught half-way. */
const firstProducts = 200;
/** Each second catalog, with the first one's (the default) seed: the same picture paths. */
const secondProducts = 60;

let till: BrowserTill;
let page: Page;

beforeAll(async () => {
  till = await startBrowserTill({ demoProducts: firstProducts, pageDir: inject("bridgePageDir") });
  page = till.page;
}, 60_000);

afterAll(async () => {
  await till?.close();
});

const picturesShown = () => page.locator(".status-bar .pictures").textContent();
const navigate = (name: string) => page.getByRole("navigation").getByRole("button", { name }).click();
const count = (value: number) => value.toLocaleString("en-GB");

async function signOutThroughScreen(): Promise<void> {
  await navigate("Account");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("navigation").getByRole("button", { name: "Sign in" }).waitFor();
}

/** Waits until the status bar shows `pictured` products' pictures held, with no problem. */
async function allPicturesHeld(pictured: number): Promise<void> {
  await expect
    .poll(picturesShown, { timeout: 20_000, interval: 100 })
    .toBe(`Pictures: ${count(pictured)} of ${count(pictured)}`);
}

/** A keyboard-wedge scan on the scan screen (open); resolves once the card names the product. */
async function scan(product: Product): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await scanInto(page, product.barcode as string);
  await expect.poll(() => page.locator(".result-card h3").first().textContent()).toBe(product.name);
}

/**
 * From now on, what the status bar's pictures show while it says someone is signed in is kept, to be
 * read by `shownSignedIn`: the status the sign-in brings is among it.
 */
async function watchPicturesShown(): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { picturesSeen: string[] }).picturesSeen = seen;
    new MutationObserver(() => {
      const session = document.querySelector(".status-bar .session")?.textContent ?? "";
      const text = document.querySelector(".status-bar .pictures")?.textContent ?? "";
      if (session !== "" && session !== "Not signed in" && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const shownSignedIn = () =>
  page.evaluate(() => (window as unknown as { picturesSeen: string[] }).picturesSeen);

/** The SHA-256 of the screen's picture (`2x`) of each product, as the service serves it. */
async function screenPictureHashes(products: readonly Product[]): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for (const product of products) {
    const address = (product.images as Record<string, string>)["2x"] as string;
    const bytes = Buffer.from(await (await fetch(address)).arrayBuffer());
    hashes.set(product.id, createHash("sha256").update(bytes).digest("hex"));
  }
  return hashes;
}

/**
 * Signs in to a second service of the first one's seed, waits for its pictures, stops it, and scans
 * every product of it that names a picture and can be scanned: each card shows that picture.
 */
async function secondServiceShownOffline(): Promise<void> {
  const second = await startService({ port: 0, demoProducts: secondProducts });
  try {
    const records = await (await adminApi(second)).liveRecords();
    const pictured = records.filter(hasPicture);
    // The premise: the same picture files as the first service's, at the second one's address.
    for (const product of pictured) {
      const address = new URL((product.images as Record<string, string>)["2x"] as string);
      expect([address.origin, address.pathname.startsWith("/images/demo/")]).toEqual([second.baseUrl, true]);
    }
    const scannable = pictured.filter((product) => product.active && typeof product.barcode === "string");
    const hashes = await screenPictureHashes(scannable);

    await watchPicturesShown();
    await signInThroughScreen(page, second);
    await allPicturesHeld(pictured.length);
    // From the sign-in on, the status bar counted the second catalog's pictures or none: a count of
    // the first catalog's (held before the change) never showed.
    const counts = (await shownSignedIn()).filter((text) => text.startsWith("Pictures:"));
    expect(counts.filter((text) => !text.endsWith(` of ${count(pictured.length)}`))).toEqual([]);
    await second.close();

    await navigate("Scan");
    for (const product of scannable) {
      await scan(product);
      const image = page.locator(".result-card .product-picture img").first();
      expect(await image.getAttribute("src"), product.name).toContain(hashes.get(product.id));
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(320);
    }
    expect(till.pageErrors).toEqual([]);
    await signOutThroughScreen();
  } finally {
    await second.close();
    // Whatever failed, the next test starts signed out.
    await till.catalog.service.signOut();
  }
}

/** A product of the first catalog with a barcode, scanned while signed out: the catalog still answers. */
async function scanFirstSignedOut(): Promise<void> {
  const records = await (await adminApi(till.upstream)).liveRecords();
  const product = records.find((record) => record.active && typeof record.barcode === "string");
  await navigate("Scan");
  await scan(product as Product);
}

describe("pictures after a change to a service of the same seed at another address", () => {
  it("are fetched and shown offline when the first catalog's pictures were still downloading", async () => {
    // Every picture of the first service answers late, so its run is caught half-way.
    till.upstream.setFaults({ rate: 1, seed: 1, kinds: ["slow"], slowMs: 60 });
    await signInThroughScreen(page, till.upstream);
    await expect
      .poll(picturesShown, { timeout: 20_000, interval: 50 })
      .toMatch(/^Downloading pictures: [1-9]/u);
    await signOutThroughScreen();
    till.upstream.setFaults(null);
    await scanFirstSignedOut();
    await secondServiceShownOffline();
  }, 60_000);

  it("are fetched and shown offline when the first catalog's pictures were all in", async () => {
    await signInThroughScreen(page, till.upstream);
    const first = (await (await adminApi(till.upstream)).liveRecords()).filter(hasPicture);
    await allPicturesHeld(first.length);
    await signOutThroughScreen();
    await scanFirstSignedOut();
    await secondServiceShownOffline();
  }, 60_000);
});
