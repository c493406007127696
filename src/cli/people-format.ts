// Numbers and times as the CLI shows them to people: one number format and local times, both in
// the person's own locale. (--json keeps the ISO instants and plain numbers.)

import { roughSpan } from "../shared/catalog/catalog-status.ts";

// Both made when first needed: the first Intl format loads the locale data (tens of milliseconds),
// and a date format the time zone data too, which a cold lookup of a product without a price skips.
let numbers: Intl.NumberFormat | undefined;
let times: Intl.DateTimeFormat | undefined;

export function count(value: number): string {
  numbers ??= new Intl.NumberFormat();
  return numbers.format(value);
}

/** A whole number of something: "1 product", "19,380 products". */
export function counted(value: number, one: string, many: string): string {
  return `${count(value)} ${value === 1 ? one : many}`;
}

/** An ISO instant in local time, to the minute, e.g. "22 Nov 2026, 08:35". */
export function localTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  times ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  return times.format(date);
}

/** A length of time in its largest whole unit, rounded: "2 hours", "10 years", "7 minutes". */
export function roughDuration(ms: number): string {
  const { value, unit } = roughSpan(ms);
  return counted(value, unit, `${unit}s`);
}
