// The trace corpus: scans replayed key by key as each computer layout delivers them from a scanner
// emulating US (and, for de, fr and ch, from a scanner set to the computer's own layout), with key
// gaps jittered from 2 to 40 ms, Caps Lock on and off, digits from the digit row or the numpad (Num
// Lock on or off), keys reported down twice, and Enter, Tab or a quiet gap to end them. The scanner's
// layout setting is what a scan of the setup code found; "auto" is also tried on codes of digits,
// and "this-computer" where scanner and computer agree. Every scan must come out whole and exact.
import { describe, expect, it } from "vitest";
import {
  createScanCapture,
  type KeyInput,
  type Scan,
} from "../../../src/renderer/src/scanner/scan-capture.ts";
import { defaultScannerSettings } from "../../../src/renderer/src/scanner/scanner-settings.ts";
import {
  type LayoutId,
  layoutIds,
  type ScannerLayout,
} from "../../../src/shared/keyboard/keystroke-reading.ts";
import { calibrationOf, setupCode } from "../../../src/shared/keyboard/scanner-calibration.ts";
import { type PressedKey, pressedKeys, type ScannerSetup } from "../../support/scanner-keys.ts";

const codes = [
  { kind: "EAN-13", text: "4006381333931", digits: true },
  { kind: "UPC-A", text: "036000291452", digits: true },
  { kind: "EAN-8", text: "96385074", digits: true },
  { kind: "Code 128 SKU", text: "AB-12/x.Yz-7", digits: false },
  { kind: "GS1-128", text: "0109521234543213" + "10LOTzY7\x1d" + "17261231", digits: false },
];
const ownLayoutScanners: LayoutId[] = ["de", "fr", "ch"];
const numpads: ScannerSetup["numpad"][] = ["no", "num-lock-on", "num-lock-off"];
const endings = ["Enter", "Tab", "quiet"] as const;

/** A small seeded generator, so a failing trace can be replayed. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Tally {
  scans: number;
  misreads: string[];
  lost: string[];
}

/** Plays scans into one capture, one after another, and counts what came out. */
function replay(
  layout: ScannerLayout,
  setup: ScannerSetup,
  traces: { text: string; doubled: boolean; ending: (typeof endings)[number] }[],
  random: () => number,
): Tally {
  const settings = { ...defaultScannerSettings, layout };
  const capture = createScanCapture(settings);
  const tally: Tally = { scans: 0, misreads: [], lost: [] };
  let time = 1_000;
  for (const trace of traces) {
    time += 500;
    const seen: Scan[] = [];
    const press = (key: PressedKey, repeat: boolean) => {
      const input: KeyInput = { ...key, alt: false, meta: false, repeat, time, field: "other" };
      const verdict = capture.key(input);
      if (verdict.kind === "scan") seen.push(verdict);
    };
    for (const key of pressedKeys(trace.text, setup)) {
      time += 2 + Math.floor(random() * 39);
      press(key, false);
      // A slow USB poll reports the key down again before it comes up.
      if (trace.doubled && random() < 0.4) press(key, random() < 0.5);
      capture.keyUp(key.code);
    }
    time += 2 + Math.floor(random() * 39);
    if (trace.ending === "quiet") {
      const scan = capture.quiet(time + settings.maxGapMs);
      if (scan) seen.push(scan);
    } else {
      press(
        {
          key: trace.ending,
          code: trace.ending,
          shift: false,
          altGraph: false,
          ctrl: false,
          capsLock: setup.capsLock,
        },
        false,
      );
      capture.keyUp(trace.ending);
    }
    tally.scans++;
    const label = `${JSON.stringify(trace.text)} (caps ${setup.capsLock}, numpad ${setup.numpad}, doubled ${trace.doubled}, ${trace.ending})`;
    if (seen.length === 0) tally.lost.push(label);
    else if (seen.length > 1 || seen[0]?.code !== trace.text)
      tally.misreads.push(`${label} read as ${JSON.stringify(seen.map((scan) => scan.code))}`);
  }
  return tally;
}

function tracesOf(texts: string[]) {
  return texts.flatMap((text) =>
    [false, true].flatMap((doubled) => endings.map((ending) => ({ text, doubled, ending }))),
  );
}

describe("scan trace corpus", () => {
  it("reads every scan, as every layout delivers it, with no misread and none lost", () => {
    const random = randomFrom(20261125);
    const matrix: Record<string, string>[] = [];
    const failures: string[] = [];
    let total = 0;
    for (const computer of layoutIds) {
      for (const scanner of ["us" as LayoutId, ...ownLayoutScanners.filter((own) => own === computer)]) {
        const cells: Record<string, Tally> = {};
        const add = (column: string, tally: Tally) => {
          const cell = cells[column] ?? { scans: 0, misreads: [], lost: [] };
          cells[column] = cell;
          cell.scans += tally.scans;
          cell.misreads.push(...tally.misreads);
          cell.lost.push(...tally.lost);
        };
        for (const capsLock of [false, true]) {
          for (const numpad of numpads) {
            const setup: ScannerSetup = { scanner, computer, capsLock, numpad };
            const calibration = calibrationOf(pressedKeys(setupCode, setup));
            const calibrated = calibration?.layout ?? "auto";
            if (calibration === null)
              failures.push(`${computer}/${scanner}: the setup code was not recognised`);
            add("calibrated", replay(calibrated, setup, tracesOf(codes.map((code) => code.text)), random));
            const digitCodes = codes.filter((code) => code.digits).map((code) => code.text);
            add("auto, digits", replay("auto", setup, tracesOf(digitCodes), random));
            if (scanner === computer) {
              add(
                "this-computer",
                replay("this-computer", setup, tracesOf(codes.map((code) => code.text)), random),
              );
            }
          }
        }
        const row: Record<string, string> = { computer, scanner };
        for (const [column, tally] of Object.entries(cells)) {
          total += tally.scans;
          row[column] = `${tally.scans - tally.misreads.length - tally.lost.length}/${tally.scans}`;
          failures.push(
            ...[...tally.misreads, ...tally.lost.map((lost) => `${lost} lost`)].map(
              (what) => `${computer}/${scanner} ${column}: ${what}`,
            ),
          );
        }
        matrix.push(row);
      }
    }
    console.log(
      `scan trace corpus: ${total} scans (read right/replayed; codes: ${codes.map((code) => code.kind).join(", ")})`,
    );
    console.table(matrix);
    expect(failures.slice(0, 20)).toEqual([]);
    expect(matrix.length).toBeGreaterThanOrEqual(13);
  });
});
