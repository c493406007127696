// A keyboard-wedge scanner as the page sees it: the scanner presses the physical keys its emulated
// layout needs for each character (Shift, AltGr, or the numpad for digits; Ctrl+] for the GS1
// separator), and the computer types what its own layout, with its Caps Lock and Num Lock, puts on
// those keys. Both sides read the generated xkeyboard-config table, each for its own layout.

import { keyboardLayouts } from "../../src/shared/keyboard/keyboard-layouts.ts";
import { characterOnLayout, type LayoutId } from "../../src/shared/keyboard/keystroke-reading.ts";

export interface PressedKey {
  key: string;
  code: string;
  shift: boolean;
  altGraph: boolean;
  ctrl: boolean;
  capsLock: boolean;
}

export interface ScannerSetup {
  /** The layout the scanner emulates. */
  scanner: LayoutId;
  /** The computer's layout. */
  computer: LayoutId;
  capsLock: boolean;
  /** Digits from the numpad, with the computer's Num Lock on or off; or from the digit row. */
  numpad: "no" | "num-lock-on" | "num-lock-off";
}

const GROUP_SEPARATOR = "\x1d";
// What a numpad digit types with Num Lock off.
const numpadNavigation = [
  "Insert",
  "End",
  "ArrowDown",
  "PageDown",
  "ArrowLeft",
  "Clear",
  "ArrowRight",
  "Home",
  "ArrowUp",
  "PageUp",
];

/** The keys a scanner presses for text, as the computer reports them. */
export function pressedKeys(text: string, setup: ScannerSetup): PressedKey[] {
  return [...text].map((character) => pressedKey(character, setup));
}

function pressedKey(character: string, setup: ScannerSetup): PressedKey {
  const plain = { shift: false, altGraph: false, ctrl: false, capsLock: setup.capsLock };
  if (character === GROUP_SEPARATOR) {
    return { ...plain, ctrl: true, code: "BracketRight", key: typed(setup, "BracketRight", false, false) };
  }
  if (character === " ") return { ...plain, code: "Space", key: " " };
  if (/\d/u.test(character) && setup.numpad !== "no") {
    const key = setup.numpad === "num-lock-on" ? character : (numpadNavigation[Number(character)] as string);
    return { ...plain, code: `Numpad${character}`, key };
  }
  const place = placeOf(setup.scanner, character);
  return { ...plain, ...place, key: typed(setup, place.code, place.shift, place.altGraph) };
}

/** Where the scanner's layout has a character: the first key and level that types it. */
export function placeOf(
  layout: LayoutId,
  character: string,
): { code: string; shift: boolean; altGraph: boolean } {
  for (const level of [0, 1, 2, 3]) {
    for (const code of Object.keys(keyboardLayouts[layout].keys)) {
      const shift = level % 2 === 1;
      const altGraph = level >= 2;
      if (characterOnLayout(layout, code, shift, altGraph) === character) return { code, shift, altGraph };
    }
  }
  throw new Error(`the ${layout} layout cannot type ${JSON.stringify(character)}`);
}

/** What the computer types for a key: Caps Lock turns Shift round on letter keys; "Dead" for a dead key. */
function typed(setup: ScannerSetup, code: string, shift: boolean, altGraph: boolean): string {
  const plain = characterOnLayout(setup.computer, code, false, altGraph);
  const shifted = characterOnLayout(setup.computer, code, true, altGraph);
  const isLetterKey = plain !== shifted && plain.toUpperCase() === shifted && plain.toLowerCase() === plain;
  const effectiveShift = setup.capsLock && isLetterKey ? !shift : shift;
  return (effectiveShift ? shifted : plain) || "Dead";
}
