// What a scanner meant by a key it pressed. A keyboard-wedge scanner presses physical keys as if it
// were a keyboard of some layout (most often US); the computer then types what its own layout puts on
// those keys. Read through the layout the scanner emulates, the physical key (KeyboardEvent.code) and
// Shift/AltGr give back the scanner's character whatever the computer's layout, Caps Lock included.
import { keyboardLayouts } from "./keyboard-layouts.ts";

export type LayoutId = keyof typeof keyboardLayouts;
export const layoutIds = Object.keys(keyboardLayouts) as LayoutId[];

/**
 * How scans are read: "auto" reads a burst of digit-row or numpad keys as digits on any layout and
 * anything else as the computer typed it; "this-computer" always as the computer typed it (Caps Lock
 * undone); a layout id reads every key through that layout.
 */
export type ScannerLayout = "auto" | "this-computer" | LayoutId;

/** One key press as the browser reports it. */
export interface Keystroke {
  /** KeyboardEvent.key: what the computer's layout typed. */
  key: string;
  /** KeyboardEvent.code: the physical key, named by its place on a US keyboard; "" when unknown. */
  code: string;
  shift: boolean;
  /** AltGr (Ctrl+Alt on Windows) is down. */
  altGraph: boolean;
  capsLock: boolean;
  /** Ctrl without AltGr: a shortcut, or the GS1 separator as Ctrl+]. */
  ctrl: boolean;
}

const GROUP_SEPARATOR = "\x1d";
/** Keys that type the same on every layout (xkb keeps them outside the layouts' own files). */
const sameOnEveryLayout: Record<string, string> = {
  Space: " ",
  NumpadAdd: "+",
  NumpadSubtract: "-",
  NumpadMultiply: "*",
  NumpadDivide: "/",
};

export function isLayoutId(value: string): value is LayoutId {
  return Object.hasOwn(keyboardLayouts, value);
}

/** The digit a digit-row or numpad key stands for, whatever the layout, Shift or Num Lock; else null. */
export function digitOfKey(code: string): string | null {
  return /^(?:Digit|Numpad)(\d)$/u.exec(code)?.[1] ?? null;
}

/** What the key types on a layout, or "" when it types nothing there (a dead key, no such key). */
export function characterOnLayout(layout: LayoutId, code: string, shift: boolean, altGraph: boolean): string {
  const keys: Partial<Record<string, readonly string[]>> = keyboardLayouts[layout].keys;
  return keys[code]?.[(shift ? 1 : 0) + (altGraph ? 2 : 0)] ?? "";
}

/**
 * The character the scanner meant by one key, or null when it typed nothing a code can hold. A key
 * the layout has nothing on is read as the computer typed it, unless `strict` (calibration) says no.
 */
export function readKeystroke(stroke: Keystroke, layout: ScannerLayout, strict = false): string | null {
  if (stroke.key === GROUP_SEPARATOR) return GROUP_SEPARATOR;
  if (stroke.ctrl) return isSeparatorChord(stroke, layout) ? GROUP_SEPARATOR : null;
  // Numpad keys mean their digit or sign even with Num Lock off (when the computer types "End").
  const fixed = /^Numpad(\d)$/u.exec(stroke.code)?.[1] ?? sameOnEveryLayout[stroke.code];
  if (fixed !== undefined) return fixed;
  if (isLayoutId(layout)) {
    const character = characterOnLayout(layout, stroke.code, stroke.shift, stroke.altGraph);
    if (character !== "" || strict) return character || null;
  }
  return typedCharacter(stroke);
}

/** A whole burst: in "auto", keys all on the digit row or numpad are those digits on every layout. */
export function readKeystrokes(strokes: readonly Keystroke[], layout: ScannerLayout, strict = false): string {
  const digits = strokes.map((stroke) => digitOfKey(stroke.code));
  if (layout === "auto" && digits.every((digit) => digit !== null)) return digits.join("");
  return strokes.map((stroke) => readKeystroke(stroke, layout, strict) ?? "").join("");
}

/** A key that may be part of a scan: it types a character, is a dead key, or sits in the typing block. */
export function isTypingKey(stroke: Keystroke): boolean {
  if (stroke.ctrl) return readKeystroke(stroke, "auto") === GROUP_SEPARATOR;
  return (
    [...stroke.key].length === 1 ||
    stroke.key === "Dead" ||
    stroke.code in keyboardLayouts.us.keys ||
    readKeystroke(stroke, "this-computer") !== null
  );
}

/**
 * What the computer typed, with Caps Lock undone: the scanner pressed Shift for a capital, and Caps
 * Lock turned it round. Keys without case (digits, "é" on AZERTY's digit row) are as typed.
 */
function typedCharacter(stroke: Keystroke): string | null {
  if ([...stroke.key].length !== 1) return null;
  const { key } = stroke;
  const cased = key.toLowerCase() !== key.toUpperCase();
  if (!stroke.capsLock || !cased) return key;
  return stroke.shift ? key.toUpperCase() : key.toLowerCase();
}

/**
 * Ctrl+] sends GS. Scanners press the key that is "]" on a US keyboard (ASCII's control codes are
 * keyboard chords from there), whatever layout they emulate; some press the key their own layout
 * has "]" on, and on the computer's own layout it may be typed as "]".
 */
function isSeparatorChord(stroke: Keystroke, layout: ScannerLayout): boolean {
  if (stroke.key === "]" || stroke.code === "BracketRight") return true;
  return isLayoutId(layout) && characterOnLayout(layout, stroke.code, false, false) === "]";
}
