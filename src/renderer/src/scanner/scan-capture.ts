// Tells a keyboard-wedge scan from typing, key by key, without touching the DOM: a burst of character
// keys close together, long enough, ended by Enter, Tab or a quiet gap, is a scan; anything slower,
// shorter, or typed into a password field is typing. The keys are kept as pressed (physical key,
// Shift, AltGr, Caps Lock) and read at the end through the layout the scanner emulates
// (keystroke-reading.ts). The hook (use-scanner.ts) feeds it real events.
import {
  isTypingKey,
  type Keystroke,
  readKeystroke,
  readKeystrokes,
  type ScannerLayout,
} from "../../../shared/keyboard/keystroke-reading.ts";

export interface ScannerSettings {
  /** The longest pause between two keys of one scan; a longer pause ends the burst. */
  maxGapMs: number;
  /** A burst shorter than this is typing. */
  minLength: number;
  /** A burst taking longer than this from first to last key is typing. */
  maxScanMs: number;
  /**
   * A key the scanner sends before every code ("F9", or "]" for AIM symbology identifiers), which
   * makes the scan known at once; "" for none. A printable prefix stays part of the code, and is
   * known as a prefix only when the next key follows within the gap: alone, it is typing.
   */
  prefixKey: string;
  /** The layout the scanner emulates, or how to guess it. */
  layout: ScannerLayout;
}

/** Where the key went: a password field never takes part in a scan. */
export type FieldKind = "text" | "password" | "other";

export interface KeyInput {
  /** KeyboardEvent.key */
  key: string;
  /** KeyboardEvent.code; "" when the browser does not say. */
  code: string;
  shift: boolean;
  ctrl: boolean;
  alt: boolean;
  /** getModifierState("AltGraph") */
  altGraph: boolean;
  /** getModifierState("CapsLock") */
  capsLock: boolean;
  meta: boolean;
  /** A key held down: a person, never a scanner. */
  repeat: boolean;
  /** Milliseconds on any monotonic clock. */
  time: number;
  field: FieldKind;
}

/** A recognised scan: the code as read, and the keys it was read from (calibration wants them). */
export interface Scan {
  code: string;
  strokes: Keystroke[];
}

export type KeyVerdict =
  /** Let the key do what it normally does; `startsBurst` asks the caller to remember the field as it is. */
  | { kind: "pass"; startsBurst: boolean }
  /** Keep the key from the page: the scan is already known (prefix) and its characters belong to it. */
  | { kind: "swallow" }
  /** This key ended a scan; the key itself (Enter, Tab) is kept from the page. */
  | ({ kind: "scan" } & Scan);

export interface ScanCapture {
  key(input: KeyInput): KeyVerdict;
  /** A key came up: the next press of it is a new character again. */
  keyUp(code: string): void;
  /** The last moment the current burst can go on (a key later ends it), or null when nothing is pending. */
  deadline(): number | null;
  /** Call after the deadline: the burst ends by silence, and may be a scan. Before it, nothing happens. */
  quiet(now: number): Scan | null;
  /** New settings from now on; a burst under way is kept, and ends by them. */
  configure(next: ScannerSettings): void;
}

const modifierKeys = new Set([
  "Shift",
  "Control",
  "Alt",
  "AltGraph",
  "Meta",
  "CapsLock",
  "Fn",
  "OS",
  "NumLock",
]);

interface Burst {
  strokes: Keystroke[];
  first: number;
  last: number;
  /** Started by the prefix key: a scan whatever its length. */
  prefixed: boolean;
  /** A named prefix key (F9) is not part of the code. */
  prefixTyped: boolean;
}

export function createScanCapture(initial: ScannerSettings): ScanCapture {
  let settings = initial;
  let burst: Burst | null = null;
  /**
   * The burst the quiet gap last ended as typing. Keys can reach the page late (the browser hands
   * them over one at a time, as fast as a busy page takes them), so a key pressed within the gap
   * after its last one still continues it.
   */
  let endedEarly: Burst | null = null;
  // Keys pressed and not yet released, with when they were last reported down: a second report of
  // a key still down (a slow USB poll doubling it, or a person holding it) is not a new character.
  const down = new Map<string, number>();

  function isScan(current: Burst): boolean {
    const length = current.strokes.length;
    if (!current.prefixed)
      return length >= settings.minLength && current.last - current.first <= settings.maxScanMs;
    // A printable prefix alone ("]") is a person typing that character, not a code.
    return length > (current.prefixTyped ? 1 : 0);
  }

  function end(now: number): Scan | null {
    const current = burst;
    burst = null;
    if (current === null || now - current.last > settings.maxGapMs || !isScan(current)) return null;
    return { code: readKeystrokes(current.strokes, settings.layout), strokes: current.strokes };
  }

  function resumed(time: number): Burst | null {
    const early = endedEarly;
    endedEarly = null;
    return early !== null && time - early.last <= settings.maxGapMs ? early : null;
  }

  function isDouble(input: KeyInput): boolean {
    if (input.repeat) return true;
    const since = down.get(input.code);
    return input.code !== "" && since !== undefined && input.time - since <= settings.maxGapMs;
  }

  return {
    key(input) {
      if (modifierKeys.has(input.key)) return { kind: "pass", startsBurst: false };
      if (input.field === "password") {
        burst = null;
        return { kind: "pass", startsBurst: false };
      }
      const doubled = isDouble(input);
      if (input.code !== "") down.set(input.code, input.time);
      if (doubled) return burst?.prefixed ? { kind: "swallow" } : { kind: "pass", startsBurst: false };
      if (burst === null) burst = resumed(input.time);
      const stale = burst !== null && input.time - burst.last > settings.maxGapMs;
      if (stale) burst = null;
      const stroke = strokeOf(input);
      if (isPrefix(input, stroke, settings) && !burst?.prefixed) {
        if (settings.prefixKey.length === 1) {
          // "]" (of "]E0") is also a character people type, so it reaches the page like any key; the
          // field gives it back when the next key, following within the gap, makes this a scan.
          burst = {
            strokes: [stroke],
            first: input.time,
            last: input.time,
            prefixed: true,
            prefixTyped: true,
          };
          return { kind: "pass", startsBurst: true };
        }
        // A named key (F9) types nothing anyone wants: the scan is known at once.
        burst = { strokes: [], first: input.time, last: input.time, prefixed: true, prefixTyped: false };
        return { kind: "swallow" };
      }
      if (input.key === "Enter" || input.key === "Tab") {
        const scan = end(input.time);
        return scan === null ? { kind: "pass", startsBurst: false } : { kind: "scan", ...scan };
      }
      if (input.meta || !isTypingKey(stroke)) {
        // Arrows, Backspace, shortcuts: a person is at the keyboard.
        burst = null;
        return { kind: "pass", startsBurst: false };
      }
      if (burst?.prefixed) {
        burst = { ...burst, strokes: [...burst.strokes, stroke], last: input.time };
        return { kind: "swallow" };
      }
      const startsBurst = burst === null;
      burst = {
        strokes: [...(burst?.strokes ?? []), stroke],
        first: burst?.first ?? input.time,
        last: input.time,
        prefixed: false,
        prefixTyped: false,
      };
      return { kind: "pass", startsBurst };
    },

    keyUp(code) {
      down.delete(code);
    },

    deadline() {
      return burst === null ? null : burst.last + settings.maxGapMs;
    },

    quiet(now) {
      // A key exactly at the deadline still belongs to the burst, as in key(): the gap must be longer.
      if (burst === null || now <= burst.last + settings.maxGapMs) return null;
      const current = burst;
      const scan = end(current.last);
      endedEarly = scan === null ? current : null;
      return scan;
    },

    configure(next) {
      settings = next;
    },
  };
}

function strokeOf(input: KeyInput): Keystroke {
  return {
    key: input.key,
    code: input.code,
    shift: input.shift,
    altGraph: input.altGraph,
    capsLock: input.capsLock,
    // Ctrl+Alt is AltGr on Windows and still types; Ctrl alone is a shortcut or the GS1 separator.
    ctrl: input.ctrl && !input.alt,
  };
}

/** The prefix key pressed as such; Ctrl+] is the GS separator, not "]". */
function isPrefix(input: KeyInput, stroke: Keystroke, settings: ScannerSettings): boolean {
  const { prefixKey } = settings;
  if (prefixKey === "") return false;
  if (prefixKey.length !== 1) return input.key === prefixKey;
  return !stroke.ctrl && readKeystroke(stroke, settings.layout) === prefixKey;
}
