// Tells a keyboard-wedge scan from typing, key by key, without touching the DOM: a burst of character
// keys close together, long enough, ended by Enter, Tab or a quiet gap, is a scan; anything slower,
// shorter, or typed into a password field is typing. The hook (use-scanner.ts) feeds it real events.

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
}

/** Where the key went: a password field never takes part in a scan. */
export type FieldKind = "text" | "password" | "other";

export interface KeyInput {
  /** KeyboardEvent.key */
  key: string;
  ctrl: boolean;
  alt: boolean;
  meta: boolean;
  /** A key held down: a person, never a scanner. */
  repeat: boolean;
  /** Milliseconds on any monotonic clock. */
  time: number;
  field: FieldKind;
}

export type KeyVerdict =
  /** Let the key do what it normally does; `startsBurst` asks the caller to remember the field as it is. */
  | { kind: "pass"; startsBurst: boolean }
  /** Keep the key from the page: the scan is already known (prefix) and its characters belong to it. */
  | { kind: "swallow" }
  /** This key ended a scan; the key itself (Enter, Tab) is kept from the page. */
  | { kind: "scan"; code: string };

export interface ScanCapture {
  key(input: KeyInput): KeyVerdict;
  /** When a quiet gap would end the current burst, or null when nothing is pending. */
  deadline(): number | null;
  /** Call at or after the deadline: the burst ends by silence, and may be a scan. */
  quiet(now: number): string | null;
}

const GROUP_SEPARATOR = "\x1d";
const modifierKeys = new Set(["Shift", "Control", "Alt", "AltGraph", "Meta", "CapsLock", "Fn", "OS"]);

interface Burst {
  chars: string;
  first: number;
  last: number;
  /** Started by the prefix key: a scan whatever its length. */
  prefixed: boolean;
}

export function createScanCapture(settings: ScannerSettings): ScanCapture {
  let burst: Burst | null = null;

  function isScan(current: Burst): boolean {
    if (!current.prefixed) {
      return current.chars.length >= settings.minLength && current.last - current.first <= settings.maxScanMs;
    }
    // A printable prefix alone ("]") is a person typing that character, not a code.
    return current.chars.length > (settings.prefixKey.length === 1 ? 1 : 0);
  }

  function end(now: number): string | null {
    const current = burst;
    burst = null;
    if (current === null || now - current.last > settings.maxGapMs) return null;
    return isScan(current) ? current.chars : null;
  }

  return {
    key(input) {
      if (modifierKeys.has(input.key)) return { kind: "pass", startsBurst: false };
      if (input.field === "password") {
        burst = null;
        return { kind: "pass", startsBurst: false };
      }
      const stale = burst !== null && input.time - burst.last > settings.maxGapMs && !burst.prefixed;
      if (stale) burst = null;
      if (isPrefix(input, settings.prefixKey) && !burst?.prefixed) {
        if (settings.prefixKey.length === 1) {
          // "]" (of "]E0") is also a character people type, so it reaches the page like any key; the
          // field gives it back when the next key, following within the gap, makes this a scan.
          burst = { chars: input.key, first: input.time, last: input.time, prefixed: true };
          return { kind: "pass", startsBurst: true };
        }
        // A named key (F9) types nothing anyone wants: the scan is known at once.
        burst = { chars: "", first: input.time, last: input.time, prefixed: true };
        return { kind: "swallow" };
      }
      if (input.key === "Enter" || input.key === "Tab") {
        const code = end(input.time);
        return code === null ? { kind: "pass", startsBurst: false } : { kind: "scan", code };
      }
      const char = input.repeat ? null : characterOf(input);
      if (char === null) {
        // Arrows, Backspace, shortcuts, a held key: a person is at the keyboard.
        burst = null;
        return { kind: "pass", startsBurst: false };
      }
      if (burst?.prefixed) {
        if (input.time - burst.last > settings.maxGapMs) burst = null;
        else {
          burst = { ...burst, chars: burst.chars + char, last: input.time };
          return { kind: "swallow" };
        }
      }
      const startsBurst = burst === null;
      burst = {
        chars: (burst?.chars ?? "") + char,
        first: burst?.first ?? input.time,
        last: input.time,
        prefixed: false,
      };
      return { kind: "pass", startsBurst };
    },

    deadline() {
      return burst === null ? null : burst.last + settings.maxGapMs;
    },

    quiet(now) {
      if (burst === null || now < burst.last + settings.maxGapMs) return null;
      const current = burst;
      burst = null;
      return isScan(current) ? current.chars : null;
    },
  };
}

/** The prefix key pressed as such: not held down, and Ctrl+] is the GS separator, not "]". */
function isPrefix(input: KeyInput, prefixKey: string): boolean {
  if (prefixKey === "" || input.repeat) return false;
  return prefixKey.length === 1 ? characterOf(input) === prefixKey : input.key === prefixKey;
}

/** The character a key types, or null for keys that type none. Ctrl+] is how keyboards send GS. */
function characterOf(input: KeyInput): string | null {
  if (input.key === GROUP_SEPARATOR) return GROUP_SEPARATOR;
  if (input.ctrl && !input.alt && input.key === "]") return GROUP_SEPARATOR;
  if ([...input.key].length !== 1) return null;
  // Ctrl+Alt is AltGr on Windows and still types; Ctrl or Meta alone is a shortcut.
  const shortcut = (input.ctrl && !input.alt) || input.meta;
  return shortcut ? null : input.key;
}
