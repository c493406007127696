// Scanner bursts in a row in Chromium, of every kind and pace (test/support/scans-in-a-row.ts): every
// scan shows its own answer, in order. 120 in `npm test`, 500 in `npm run test:long`.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { byRunLength } from "../support/run-length.ts";
import {
  expectMixedSequence,
  type ScanningTill,
  scanInARow,
  startScanningTill,
} from "../support/scans-in-a-row.ts";

const scans = byRunLength(120, 500);
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
