// The camera as a scanner in Debian's Chromium, its fake camera playing a video the test makes from
// barcodes it draws (bwip-js, ffmpeg): an EAN-13, a UPC-A, a GS1-128 with a weight, a GS1 DataMatrix
// and a QR code, each of another demo product, each shown on the card and counted once; every
// request the page and its decoder worker make goes to this machine (the WebAssembly too); and the
// camera is stopped (its track ended) when it is turned off, when the scan screen closes and when
// the app is hidden.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Product } from "../../src/shared/api/product.ts";
import { type BrowserTill, signInAndSync, startBrowserTill } from "../support/browser-till.ts";
import {
  type DrawnCode,
  fakeCameraArgs,
  ffmpegMissing,
  makeFakeCameraVideo,
} from "../support/fake-camera-video.ts";
import { adminApi } from "../support/service-fixtures.ts";

const missing = ffmpegMissing();
if (missing !== null) console.warn(`The camera test is skipped: ${missing}`);

// Every stream the page opens, kept where the test can ask whether its tracks ended.
const watchStreams = `
  window.cameraStreams = [];
  const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const stream = await open(constraints);
    window.cameraStreams.push(stream);
    return stream;
  };`;

let till: BrowserTill;
let page: Page;
let work: string;
const requests: string[] = [];
let shown: { code: DrawnCode; product: Product }[] = [];

beforeAll(async () => {
  if (missing !== null) return;
  work = await mkdtemp(join(tmpdir(), "camera-test-"));
  // The video needs the products, the products the service: the service's demo catalog is made
  // from a seed, so a first service of the same size names them.
  till = await startBrowserTill({
    demoProducts: 600,
    pageSize: 300,
    pageDir: inject("bridgePageDir"),
    chromiumArgs: fakeCameraArgs(join(work, "camera.y4m")),
    // Pictures drawn in the background would only compete with the decoder for the cores.
    pictures: false,
    initScript: watchStreams,
  });
  page = till.page;
  const records = await (await adminApi(till.upstream)).liveRecords();
  const plain = records.filter((item) => item.active && item.type === "product");
  const ean13 = plain.filter((item) => /^[3-9]\d{12}$/u.test(item.barcode ?? ""));
  const upcA = plain.find((item) => /^\d{12}$/u.test(item.barcode ?? ""));
  const [first, second, third, fourth] = ean13;
  if (!first || !second || !third || !fourth || !upcA) throw new Error("the demo catalog lacks the products");
  shown = [
    { code: { bcid: "ean13", text: first.barcode as string, scale: 3 }, product: first },
    { code: { bcid: "upca", text: upcA.barcode as string, scale: 3 }, product: upcA },
    { code: { bcid: "gs1-128", text: `(01)0${second.barcode}(3103)001250`, scale: 2 }, product: second },
    {
      code: { bcid: "gs1datamatrix", text: `(01)0${third.barcode}(17)271231(10)LOT7`, scale: 6 },
      product: third,
    },
    { code: { bcid: "qrcode", text: fourth.barcode as string, scale: 6 }, product: fourth },
  ];
  const video = await makeFakeCameraVideo(
    work,
    shown.map(({ code }) => code),
  );
  expect(video).toBe(join(work, "camera.y4m"));
  await signInAndSync(till);
  page.on("request", (request) => requests.push(request.url()));
  // Loaded again with the log listening, so it holds every request from the first.
  await page.reload();
  await page.getByRole("heading", { level: 1 }).waitFor();
}, 120_000);

afterAll(async () => {
  await till?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const announcement = () => page.locator(".scan-announcement");
const historyNames = () => page.locator(".history-entry .history-name").allTextContents();
/** The state of every camera track the page opened, oldest first ("live" or "ended"). */
const trackStates = () =>
  page.evaluate(() =>
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams.flatMap((stream) =>
      stream.getTracks().map((track) => track.readyState),
    ),
  );
const allEnded = (states: string[]) => states.length > 0 && states.every((state) => state === "ended");

describe.skipIf(missing !== null)("the camera in a browser", () => {
  it("finds each code, shows its product on the card and counts it once", async () => {
    const button = page.getByRole("button", { name: "Scan with the camera" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".camera-view video").count()).toBe(1);
    for (const { code, product } of shown) {
      await expect
        .poll(() => announcement().textContent(), {
          timeout: 15_000,
          message: `the ${code.bcid} ${code.text}`,
        })
        .toBe(`Found: ${product.name}`);
      expect(await page.locator(".result-card").textContent()).toContain(product.name);
    }
    await page.getByRole("button", { name: "Turn the camera off" }).click();
    // Newest first: each product once, in the order the camera saw them.
    expect(await historyNames()).toEqual(shown.map(({ product }) => product.name).reverse());
    // The history says where each scan came from.
    expect(await page.locator(".history-entry .history-source").allTextContents()).toEqual(
      shown.map(() => " · camera"),
    );
    expect(allEnded(await trackStates())).toBe(true);
    expect(till.pageErrors).toEqual([]);
  }, 60_000);

  it("sends no request off this machine, the decoder's WebAssembly included", () => {
    const wasm = requests.filter((url) => url.endsWith(".wasm"));
    expect(wasm).toHaveLength(1);
    for (const url of requests) expect(new URL(url).hostname, url).toBe("127.0.0.1");
  });

  it("stops the camera when the scan screen closes", async () => {
    await page.getByRole("button", { name: "Scan with the camera" }).click();
    await expect.poll(async () => (await trackStates()).at(-1)).toBe("live");
    await page.getByRole("navigation").getByRole("button", { name: "Search" }).click();
    await expect.poll(async () => allEnded(await trackStates())).toBe(true);
  });

  it("stops the camera when the app is hidden, and says so", async () => {
    await page.getByRole("navigation").getByRole("button", { name: "Scan" }).click();
    await page.getByRole("button", { name: "Scan with the camera" }).click();
    await expect.poll(async () => (await trackStates()).at(-1)).toBe("live");
    // Headless Chromium is never hidden: the page is told so as a minimised window tells it.
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect.poll(async () => allEnded(await trackStates())).toBe(true);
    expect(await page.locator(".camera-stop").textContent()).toBe(
      "The camera turned itself off while the app was hidden.",
    );
    expect(await page.getByRole("button", { name: "Scan with the camera" }).count()).toBe(1);
  });
});
