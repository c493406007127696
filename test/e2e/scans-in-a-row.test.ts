// Scanner bursts in a row in Chromium, paced as at a busy till: codes of every kind, ended by Enter,
// Tab or a quiet gap, 100 to 400 ms apart; some sent while the previous lookup is still in flight,
// some the moment the previous result (and with it the scan history) renders, some with the focus in
// the search field. Every scan must show its own answer, in order: none lost, merged or shown twice.
// The scan history, which keeps every scan (an overtaken one too), is read at each pause and must
// list exactly the scans made, newest first; a scan that was waited for must be the one the screen
// announces. 60 scans in `npm test`, 500 in `npm run test:long`.
import type { CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createRandom } from "../../src/server/faults/seeded-random.ts";
import { type BrowserTill, signInAndSync, startBrowserTill } from "../support/browser-till.ts";
import { byRunLength } from "../support/run-length.ts";
import { type ScanKind, type ScannedCode, scanMix } from "../support/scan-mix.ts";
import { type BurstEnding, sendBurst, usScanner } from "../support/scanner-burst.ts";
import { pressedKeys } from "../support/scanner-keys.ts";
import { adminApi } from "../support/service-fixtures.ts";

/** Longest pause between scanner keys: below the shortest pause between two scans. */
const maxKeyGapMs = 60;
const kinds: ScanKind[] = ["ean13", "upca", "ean8", "gs1", "letters", "linked", "variant", "unknown"];
/** How the next scan follows the one before. */
type Pace = "after-answer" | "in-flight" | "as-history-renders" | "in-search-field";

/** A signed-in, synced till in Chromium, its scanner keys sent over the DevTools protocol. */
interface ScanningTill {
  till: BrowserTill;
  page: Page;
  cdp: CDPSession;
  mix: Record<ScanKind, ScannedCode[]>;
}

/** What a sequence of scans did, for the test to check that it was the mix it meant. */
interface ScanSequence {
  paces: Record<Pace, number>;
  /** Scans sent while the screen still said the one before was being looked up. */
  sentWhileLookingUp: number;
  pageErrors: string[];
}

async function startScanningTill(options: { pageDir?: string }): Promise<ScanningTill> {
  // Every kind of code at least 20 times over (scanMix): 1,000 products hold 47 or more of each.
  // Pictures would only compete with the scans for the two cores.
  const till = await startBrowserTill({ demoProducts: 1000, pageDir: options.pageDir, pictures: false });
  try {
    const { page } = till;
    await signInAndSync(till);
    const { service } = till.catalog;
    await service.changeSettings({ scanner: { ...(await service.settings()).scanner, maxKeyGapMs } });
    const mix = scanMix(await (await adminApi(till.upstream)).liveRecords(), 20);
    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    const cdp = await page.context().newCDPSession(page);
    return { till, page, cdp, mix };
  } catch (error) {
    await till.close();
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The screen says a lookup is running (read without waiting: the search screen has no announcement). */
const lookingUp = async (page: Page) =>
  (await page.locator(".scan-announcement").allTextContents()).some((text) => text.startsWith("Looking up"));
/** What the screen announces, with a miss's code and reason left out. */
const announced = (page: Page) => async () => {
  const text = await page.locator(".scan-announcement").textContent();
  return text?.startsWith("Not found: ") ? "Not found" : text;
};
const answerOf = (scan: ScannedCode) => (scan.name === null ? "Not found" : `Found: ${scan.name}`);

/** The history as shown, newest first: each entry's name (or "Not found") and code. */
async function history(page: Page): Promise<{ name: string; code: string }[]> {
  return page.locator(".history-entry").evaluateAll((entries) =>
    entries.map((entry) => ({
      name: entry.querySelector(".history-name")?.textContent ?? "",
      code: (entry.querySelector(".history-when")?.textContent ?? "").split(" · ")[1] ?? "",
    })),
  );
}

const shown = (scan: ScannedCode) => ({
  name: scan.name ?? "Not found",
  code: scan.code.replaceAll("\x1d", "<GS>"),
});

/** Waits for the history to end with the last scan, then checks it lists the last 20 exactly. */
async function historyMatches(page: Page, made: ScannedCode[]): Promise<void> {
  const last = made.at(-1) as ScannedCode;
  await expect
    .poll(async () => (await history(page))[0], { timeout: 10_000, message: `the scan of ${last.code}` })
    .toEqual(shown(last));
  expect(await history(page)).toEqual(made.slice(-20).reverse().map(shown));
}

async function focusSearchField(page: Page): Promise<void> {
  await page.getByRole("navigation").getByRole("button", { name: "Search" }).click();
  const field = page.getByRole("combobox");
  await field.fill("kaffee");
  await field.focus();
}

/** Sends `scans` bursts, checking every answer and the history as it goes (see the top). */
async function scanInARow(scanning: ScanningTill, scans: number): Promise<ScanSequence> {
  const { page, cdp, mix } = scanning;
  const random = createRandom(31);
  const made: ScannedCode[] = [];
  const paces = { "after-answer": 0, "in-flight": 0, "as-history-renders": 0, "in-search-field": 0 };
  let sentWhileLookingUp = 0;
  let checked = 0;
  let previousEnding: BurstEnding = "Enter";
  for (let index = 0; index < scans; index++) {
    const previous = made.at(-1);
    let scan = random.pick(mix[random.pick(kinds)]);
    // The same code again while its lookup runs is one scan by design (a double trigger).
    while (scan.code === previous?.code || scan.name === previous?.name) {
      scan = random.pick(mix[random.pick(kinds)]);
    }
    const pace: Pace =
      index === 0
        ? "after-answer"
        : random.pick(["after-answer", "in-flight", "in-flight", "as-history-renders", "as-history-renders"]);
    const searchField = index > 0 && random.chance(1 / 12);
    const ending: BurstEnding = random.pick(["Enter", "Enter", "Tab", "quiet", "quiet"]);
    // A quiet gap must be quiet for longer than the longest pause between keys.
    const gap = random.int(previousEnding === "quiet" ? maxKeyGapMs + 60 : 100, 400);
    // The history keeps 20: it is read before more scans than that go unread.
    const due = made.length - checked >= 15;
    if (previous !== undefined && (pace === "after-answer" || searchField || due)) {
      await expect.poll(announced(page), { timeout: 10_000 }).toBe(answerOf(previous));
      await historyMatches(page, made);
      checked = made.length;
    }
    if (searchField) await focusSearchField(page);
    if (pace === "as-history-renders" && previous !== undefined && !searchField) {
      await expect.poll(announced(page), { timeout: 10_000, interval: 5 }).toBe(answerOf(previous));
    } else {
      await sleep(gap);
    }
    if (await lookingUp(page)) sentWhileLookingUp += 1;
    paces[searchField ? "in-search-field" : pace] += 1;
    await sendBurst(cdp, pressedKeys(scan.code, usScanner), { ending });
    made.push(scan);
    previousEnding = ending;
  }
  await expect.poll(announced(page), { timeout: 10_000 }).toBe(answerOf(made.at(-1) as ScannedCode));
  await historyMatches(page, made);
  console.log(
    `${scans} scans: ${JSON.stringify(paces)}; sent while a lookup was on screen: ${sentWhileLookingUp}; history checked through scan ${checked}, then to the end`,
  );
  return { paces, sentWhileLookingUp, pageErrors: scanning.till.pageErrors };
}

/** The sequence was the mix it meant (a tenth in flight, a 25th from the search field) and the page raised nothing. */
function expectMixedSequence(sequence: ScanSequence, scans: number): void {
  expect(sequence.paces["in-flight"]).toBeGreaterThan(scans / 10);
  expect(sequence.paces["in-search-field"]).toBeGreaterThan(scans / 25);
  expect(sequence.pageErrors).toEqual([]);
}

const scans = byRunLength(60, 500);
let scanning: ScanningTill | undefined;

beforeAll(async () => {
  scanning = await startScanningTill({ pageDir: inject("bridgePageDir") });
}, 120_000);

afterAll(async () => {
  await scanning?.till.close();
});

describe("scans in a row", () => {
  it(`shows each of ${scans} scans' own answer in order, none lost, merged or shown twice`, async () => {
    expect(scanning).toBeDefined();
    expectMixedSequence(await scanInARow(scanning as ScanningTill, scans), scans);
  }, 900_000);
});
