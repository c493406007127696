// A keyboard-wedge scanner types the code with whatever the scanner adds around it: Enter or Tab,
// a configured prefix or suffix, an AIM symbology identifier ("]E0"), stand-ins for control codes.
import { splitAimIdentifier } from "./aim-identifier.ts";
import { GROUP_SEPARATOR } from "./gs1-element-string.ts";
import type { ScanOptions } from "./scan-options.ts";

export interface NormalisedScan {
  /** The code itself, with real group separators (ASCII 29) where the scanner sent one. */
  text: string;
  /** The AIM symbology identifier the scanner put in front, e.g. "]C1", or null. */
  symbologyId: string | null;
}

export function normaliseScan(raw: string, options: ScanOptions): NormalisedScan {
  const printable = dropControlCharacters(raw).trim();
  const unwrapped = stripAffixes(printable, options.prefix, options.suffix).trim();
  const separated =
    options.groupSeparator === "" ? unwrapped : unwrapped.replaceAll(options.groupSeparator, GROUP_SEPARATOR);
  const { id, data } = splitAimIdentifier(separated);
  return { text: data, symbologyId: id };
}

const controlCharacter = /\p{Cc}/u;

function dropControlCharacters(text: string): string {
  // Most scans hold none: answered without splitting the text into characters.
  if (!controlCharacter.test(text)) return text;
  // The group separator is the one control character that carries meaning (GS1 field ends).
  return [...text].filter((char) => char === GROUP_SEPARATOR || !controlCharacter.test(char)).join("");
}

function stripAffixes(text: string, prefix: string, suffix: string): string {
  const withoutPrefix = prefix !== "" && text.startsWith(prefix) ? text.slice(prefix.length) : text;
  return suffix !== "" && withoutPrefix.endsWith(suffix)
    ? withoutPrefix.slice(0, -suffix.length)
    : withoutPrefix;
}
