// The scanner as a cashier meets it: scans land wherever the focus is, typing stays typing.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useLayoutEffect, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ScannerSettings } from "../../../src/renderer/src/scanner/scan-capture.ts";
import {
  defaultScannerSettings,
  scannerSettingsOf,
} from "../../../src/renderer/src/scanner/scanner-settings.ts";
import { lateKeyMs, useScanner } from "../../../src/renderer/src/scanner/use-scanner.ts";
import { defaultSettings } from "../../../src/shared/settings/app-settings.ts";
import { burst, playKeys, settle } from "../support/key-timings.ts";

function Till(props: {
  onScan: (code: string) => unknown;
  settings?: Partial<ScannerSettings>;
  clock?: () => number;
}) {
  const [search, setSearch] = useState("");
  useScanner({
    settings: { ...defaultScannerSettings, ...props.settings },
    onScan: props.onScan,
    clock: props.clock ?? Date.now,
  });
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <input aria-label="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      <input aria-label="password" type="password" />
      <output aria-label="echo">{search}</output>
    </form>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Plays one burst ended by Enter with the settings given, and says whether it was a scan. */
async function isScan(settings: Partial<ScannerSettings>, text: string, gap: number): Promise<boolean> {
  const onScan = vi.fn();
  const { unmount } = render(<Till onScan={onScan} settings={settings} />);
  playKeys(burst(text, gap, "Enter"));
  await settle();
  unmount();
  return onScan.mock.calls.length === 1;
}

describe("scanner thresholds, each at, just below and just above its value", () => {
  it("Shortest scan: 8 characters and more are a scan, 7 are typing", async () => {
    const settings = { minLength: 8 };
    expect(await isScan(settings, "1234567", 5)).toBe(false);
    expect(await isScan(settings, "12345678", 5)).toBe(true);
    expect(await isScan(settings, "123456789", 5)).toBe(true);
  });

  it("Longest pause: keys 19 and 20 ms apart are one scan, 21 ms apart are typing", async () => {
    const settings = { maxGapMs: 20 };
    expect(await isScan(settings, "4006381333931", 19)).toBe(true);
    expect(await isScan(settings, "4006381333931", 20)).toBe(true);
    expect(await isScan(settings, "4006381333931", 21)).toBe(false);
  });

  it("Longest time for a whole scan: 95 and 100 ms from first to last key are a scan, 105 ms is typing", async () => {
    const settings = { maxScanMs: 100 };
    expect(await isScan(settings, "12345678901234567890", 5)).toBe(true);
    expect(await isScan(settings, "123456789012345678901", 5)).toBe(true);
    expect(await isScan(settings, "1234567890123456789012", 5)).toBe(false);
  });

  it("the quiet gap ends a burst only once longer than the longest pause, and the page heard nothing for a while", async () => {
    const scans: string[] = [];
    render(<Till onScan={(code) => scans.push(code)} settings={{ maxGapMs: 20 }} />);
    playKeys(burst("400638133393", 5));
    await settle(20);
    expect(scans).toEqual([]);
    playKeys([{ key: "1", after: 0 }]);
    await settle(lateKeyMs);
    expect(scans).toEqual([]);
    await settle(1);
    expect(scans).toEqual(["4006381333931"]);
  });
});

describe("scanner capture", () => {
  it("takes a fast burst ended by Enter as a scan, with nothing focused", async () => {
    const scans: string[] = [];
    render(<Till onScan={(code) => scans.push(code)} />);
    playKeys(burst("4006381333931", 8, "Enter"));
    await settle();
    expect(scans).toEqual(["4006381333931"]);
  });

  it("takes a 40-character GS1 code sent at 16 ms a key as a scan, with the settings the app ships", async () => {
    const scans: string[] = [];
    const shipped = scannerSettingsOf(defaultSettings.scanner);
    render(<Till onScan={(code) => scans.push(code)} settings={shipped} />);
    const code = "010952123454321317261231" + "10LOT4711\x1d" + "21SN12";
    expect(code).toHaveLength(40);
    playKeys(burst(code, 16, "Enter"));
    await settle();
    expect(scans).toEqual([code]);
  });

  it("leaves slow typing alone", async () => {
    const onScan = vi.fn();
    render(<Till onScan={onScan} />);
    screen.getByLabelText("search").focus();
    playKeys(burst("4006381333931", 120, "Enter"));
    await settle();
    expect(onScan).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>("search").value).toBe("4006381333931");
  });

  it("takes a burst into the focused search field as a scan and leaves the field as it was", async () => {
    const scans: string[] = [];
    render(<Till onScan={(code) => scans.push(code)} />);
    const field = screen.getByLabelText<HTMLInputElement>("search");
    field.focus();
    playKeys(burst("milk", 150));
    playKeys([{ key: "4", after: 2_000 }, ...burst("006381333931", 10, "Enter")]);
    await settle();
    expect(scans).toEqual(["4006381333931"]);
    expect(field.value).toBe("milk");
    expect(screen.getByLabelText("echo").textContent).toBe("milk");
  });

  it("never takes a burst in a password field as a scan", async () => {
    const onScan = vi.fn();
    render(<Till onScan={onScan} />);
    const field = screen.getByLabelText<HTMLInputElement>("password");
    field.focus();
    playKeys(burst("4006381333931", 5, "Enter"));
    await settle();
    expect(onScan).not.toHaveBeenCalled();
    expect(field.value).toBe("4006381333931");
  });

  it("keeps the GS1 group separator, sent as the control character or as Ctrl+]", async () => {
    const scans: string[] = [];
    render(<Till onScan={(code) => scans.push(code)} />);
    playKeys([...burst("0109521234543213", 5), { key: "\x1d", after: 5 }, ...burst("10LOT7", 5, "Enter")]);
    playKeys([
      ...burst("0109521234543213", 5),
      { key: "]", after: 5, ctrl: true },
      ...burst("10LOT8", 5, "Enter"),
    ]);
    await settle();
    expect(scans).toEqual(["0109521234543213\x1d10LOT7", "0109521234543213\x1d10LOT8"]);
  });

  it("keeps a configured stand-in for the separator as typed", async () => {
    const scans: string[] = [];
    render(<Till onScan={(code) => scans.push(code)} />);
    playKeys(burst("0109521234543213~10LOT7", 5, "Enter"));
    await settle();
    expect(scans).toEqual(["0109521234543213~10LOT7"]);
  });

  it("ignores modifier keys inside a burst", async () => {
    const scans: string[] = [];
    render(<Till onScan={(code) => scans.push(code)} />);
    playKeys([...burst("ABC", 5), { key: "Shift", after: 5 }, ...burst("def123", 5, "Enter")]);
    await settle();
    expect(scans).toEqual(["ABCdef123"]);
  });

  it("ignores a second scan of a code whose lookup is still running", async () => {
    let finish: () => void = () => undefined;
    const onScan = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Till onScan={onScan} />);
    playKeys(burst("4006381333931", 5, "Enter"));
    playKeys(burst("4006381333931", 5, "Enter"));
    await settle();
    expect(onScan).toHaveBeenCalledTimes(1);
    finish();
    await settle();
    playKeys(burst("4006381333931", 5, "Enter"));
    expect(onScan).toHaveBeenCalledTimes(2);
  });

  it("lets a different code through while another lookup runs", async () => {
    const onScan = vi.fn((_code: string) => new Promise<void>(() => undefined));
    render(<Till onScan={onScan} />);
    playKeys(burst("4006381333931", 5, "Enter"));
    playKeys(burst("96385074", 5, "Enter"));
    expect(onScan.mock.calls.map(([code]) => code)).toEqual(["4006381333931", "96385074"]);
  });

  it("ends a scan on Tab, and keeps focus where it was", async () => {
    const scans: string[] = [];
    render(<Till onScan={(code) => scans.push(code)} />);
    const field = screen.getByLabelText<HTMLInputElement>("search");
    field.focus();
    playKeys(burst("96385074", 5, "Tab"));
    await settle();
    expect(scans).toEqual(["96385074"]);
    expect(field.value).toBe("");
    expect(document.activeElement).toBe(field);
  });

  it("ends a scan on a quiet gap for scanners that send no terminator", async () => {
    const scans: string[] = [];
    render(<Till onScan={(code) => scans.push(code)} />);
    const field = screen.getByLabelText<HTMLInputElement>("search");
    field.focus();
    playKeys(burst("4006381333931", 5));
    expect(scans).toEqual([]);
    await settle(lateKeyMs + 1);
    expect(scans).toEqual(["4006381333931"]);
    expect(field.value).toBe("");
  });

  it("listens from the first paint: a burst sent as soon as the screen is drawn is a scan", async () => {
    // Drawn comes before React's deferred effects, and the browser hands keys over before them too.
    const scans: string[] = [];
    function ScanOnDraw() {
      useLayoutEffect(() => playKeys(burst("4006381333931", 5, "Enter")), []);
      return null;
    }
    render(
      <>
        <Till onScan={(code) => scans.push(code)} />
        <ScanOnDraw />
      </>,
    );
    await settle();
    expect(scans).toEqual(["4006381333931"]);
  });

  it("keeps a burst when the till's settings arrive or change in the middle of it", async () => {
    // At start-up the defaults catch scans until the till's own settings arrive: their arrival
    // must not drop a scan already under way, whether its keys are still coming or all in.
    const scans: string[] = [];
    const onScan = (code: string) => scans.push(code);
    const { rerender } = render(<Till onScan={onScan} />);
    playKeys(burst("400638", 5));
    rerender(<Till onScan={onScan} settings={{ maxGapMs: 300 }} />);
    playKeys(burst("1333931", 5));
    await settle(300 + 1);
    expect(scans).toEqual(["4006381333931"]);
    playKeys(burst("96385074", 5));
    rerender(<Till onScan={onScan} settings={{ maxGapMs: 40 }} />);
    await settle(lateKeyMs + 1);
    expect(scans).toEqual(["4006381333931", "96385074"]);
  });

  it("ends a quiet-gap scan at the next scan's first key when the page was too busy to run its timer", async () => {
    const scans: string[] = [];
    render(<Till onScan={(code) => scans.push(code)} />);
    const field = screen.getByLabelText<HTMLInputElement>("search");
    field.focus();
    playKeys(burst("4006381333931", 5));
    // Time passes with no timer run, as on a page busy rendering, then the next scan's keys come.
    vi.setSystemTime(Date.now() + 150);
    playKeys(burst("96385074", 5, "Enter"));
    await settle();
    expect(scans).toEqual(["4006381333931", "96385074"]);
    expect(field.value).toBe("");
  });

  it("ends a quiet-gap scan even when the timer fires before the page's clock reaches the gap", async () => {
    // performance.now and the timers are different clocks in a browser: here the page's clock runs
    // a hair slower, so the timer set for the gap fires when the page still sees it as not over.
    const slowClock = () => Date.now() * 0.9999;
    const scans: string[] = [];
    render(<Till onScan={(code) => scans.push(code)} clock={slowClock} />);
    for (const code of ["4006381333931", "96385074", "5012345678900"]) {
      playKeys(burst(code, 10));
      await settle(300);
    }
    expect(scans).toEqual(["4006381333931", "96385074", "5012345678900"]);
  });

  it("reads a US scanner's digits on an AZERTY computer, Shift or not, with the layout left on auto", async () => {
    const scans: string[] = [];
    render(<Till onScan={(code) => scans.push(code)} />);
    const azerty = { "4": "'", "0": "à", "6": "-", "3": '"', "8": "_", "1": "&", "9": "ç" } as Record<
      string,
      string
    >;
    playKeys([
      ...[..."4006381333931"].map((digit) => ({
        key: azerty[digit] ?? digit,
        code: `Digit${digit}`,
        after: 5,
      })),
      { key: "Enter", after: 5 },
    ]);
    await settle();
    expect(scans).toEqual(["4006381333931"]);
  });

  it("reads letters and symbols through the scanner's layout, whatever the computer typed", async () => {
    const scans: string[] = [];
    render(<Till onScan={(code) => scans.push(code)} settings={{ layout: "us" }} />);
    // "AB-7/Z" from a US scanner as a German computer types it: Y and Z swapped, "-" and "/" moved.
    playKeys([
      { key: "A", code: "KeyA", shift: true, after: 5 },
      { key: "B", code: "KeyB", shift: true, after: 5 },
      { key: "ß", code: "Minus", after: 5 },
      { key: "7", code: "Digit7", after: 5 },
      { key: "-", code: "Slash", after: 5 },
      { key: "Y", code: "KeyZ", shift: true, after: 5 },
      { key: "Enter", after: 5 },
    ]);
    await settle();
    expect(scans).toEqual(["AB-7/Z"]);
  });

  it("takes numpad keys as their digits even with Num Lock off", async () => {
    const scans: string[] = [];
    render(<Till onScan={(code) => scans.push(code)} />);
    const numLockOff: Record<string, string> = {
      "9": "PageUp",
      "6": "ArrowRight",
      "3": "PageDown",
      "8": "ArrowUp",
    };
    const numLockOffKey = (digit: string) => numLockOff[digit] ?? "Insert";
    playKeys([
      ...[..."96385074"].map((digit) => ({ key: numLockOffKey(digit), code: `Numpad${digit}`, after: 5 })),
      { key: "Enter", after: 5 },
    ]);
    await settle();
    expect(scans).toEqual(["96385074"]);
  });

  it("takes a key reported down twice before it came up as one character", async () => {
    const scans: string[] = [];
    render(<Till onScan={(code) => scans.push(code)} />);
    const target = document.body;
    act(() => {
      for (const digit of "96385074") {
        vi.advanceTimersByTime(5);
        fireEvent.keyDown(target, { key: digit, code: `Digit${digit}` });
        if (digit === "3") fireEvent.keyDown(target, { key: digit, code: `Digit${digit}` });
        fireEvent.keyUp(target, { key: digit, code: `Digit${digit}` });
      }
      fireEvent.keyDown(target, { key: "Enter", code: "Enter" });
    });
    await settle();
    expect(scans).toEqual(["96385074"]);
  });

  it("takes a key held down as typing, however fast it repeats", async () => {
    const onScan = vi.fn();
    render(<Till onScan={onScan} />);
    const field = screen.getByLabelText<HTMLInputElement>("search");
    field.focus();
    playKeys([
      { key: "a", after: 5 },
      ...Array.from({ length: 20 }, () => ({ key: "a", after: 30, repeat: true })),
    ]);
    await settle();
    expect(onScan).not.toHaveBeenCalled();
  });

  it("takes a burst shorter than the minimum length as typing", async () => {
    const onScan = vi.fn();
    render(<Till onScan={onScan} settings={{ minLength: 8 }} />);
    playKeys(burst("1234567", 5, "Enter"));
    await settle();
    expect(onScan).not.toHaveBeenCalled();
  });

  it("follows the configured gap: 30 ms apart is typing when the limit is 20 ms", async () => {
    const onScan = vi.fn();
    render(<Till onScan={onScan} settings={{ maxGapMs: 20 }} />);
    playKeys(burst("4006381333931", 30, "Enter"));
    await settle();
    expect(onScan).not.toHaveBeenCalled();
  });

  it("takes a burst that lasts longer than a whole scan may as typing", async () => {
    const onScan = vi.fn();
    render(<Till onScan={onScan} settings={{ maxScanMs: 100 }} />);
    playKeys(burst("40063813339314006381333931", 10, "Enter"));
    await settle();
    expect(onScan).not.toHaveBeenCalled();
  });

  it("knows a scan at once by its prefix key, which never reaches the field", async () => {
    const scans: string[] = [];
    render(<Till onScan={(code) => scans.push(code)} settings={{ prefixKey: "F9", minLength: 12 }} />);
    const field = screen.getByLabelText<HTMLInputElement>("search");
    field.focus();
    playKeys([{ key: "F9", after: 5 }, ...burst("123", 5, "Enter")]);
    await settle();
    expect(scans).toEqual(["123"]);
    expect(field.value).toBe("");
  });

  it("keeps an AIM identifier prefix as part of the code, and takes it out of the field with the rest", async () => {
    const scans: string[] = [];
    render(<Till onScan={(code) => scans.push(code)} settings={{ prefixKey: "]" }} />);
    playKeys(burst("]E04006381333931", 5, "Enter"));
    const field = screen.getByLabelText<HTMLInputElement>("search");
    field.focus();
    playKeys(burst("milk", 150));
    playKeys([{ key: "]", after: 2_000 }, ...burst("E096385074", 5, "Enter")]);
    await settle();
    expect(scans).toEqual(["]E04006381333931", "]E096385074"]);
    expect(field.value).toBe("milk");
  });

  it("types a printable prefix key as itself when no burst follows it", async () => {
    const onScan = vi.fn();
    render(<Till onScan={onScan} settings={{ prefixKey: "]" }} />);
    const field = screen.getByLabelText<HTMLInputElement>("search");
    field.focus();
    playKeys(burst("a]b]", 120, "Enter"));
    await settle();
    expect(onScan).not.toHaveBeenCalled();
    expect(field.value).toBe("a]b]");
  });
});
