// The part of a reading that depends on what the code means, not on how the scanner sent it:
// each kind of code has its own reader producing one of these.
import type { CheckDigitVerdict, ScanKind, ScanReading } from "./scan-types.ts";

export type ScanMeaning = Omit<ScanReading, "normalised" | "symbologyId">;

/** A meaning with nothing embedded and no problem, to build the others from. */
export function plainMeaning(
  kind: ScanKind,
  checkDigit: CheckDigitVerdict,
  searchKeys: string[],
): ScanMeaning {
  return {
    kind,
    checkDigit,
    searchKeys,
    weight: null,
    price: null,
    discount: null,
    gs1: null,
    problem: null,
  };
}
