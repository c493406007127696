// Numbers, money, weights, times and durations for one language, all through Intl.

import { roughSpan } from "../../../shared/catalog/catalog-status.ts";

export interface Formatters {
  locale: string;
  integer(value: number): string;
  money(amount: number, currency: string): string;
  /** A fraction as a percentage: 0.07 as "7%" (English) or "7 %" (German). */
  percent(fraction: number): string;
  weight(value: number, unit: "kg" | "lb"): string;
  dateTime(iso: string): string;
  /** The day alone, e.g. "30 Nov 2026". */
  date(iso: string): string;
  /** The time of day to the second, e.g. "14:05:09": scans a few seconds apart stay apart. */
  timeOfDay(ms: number): string;
  /** Whole seconds as "2 min 5 s" style text. */
  duration(seconds: number): string;
  /** Milliseconds as seconds to a tenth, in words: "0.5 seconds", "0,5 Sekunden". */
  seconds(ms: number): string;
  /** Milliseconds, roughly, in the largest whole unit: "2 hours", "10 years". */
  span(ms: number): string;
}

export function createFormatters(locale: string): Formatters {
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const dateOnly = new Intl.DateTimeFormat(locale, { dateStyle: "medium" });
  const timeOnly = new Intl.DateTimeFormat(locale, { timeStyle: "medium" });
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  const moneyFormats = new Map<string, Intl.NumberFormat | null>();

  function moneyFormat(currency: string): Intl.NumberFormat | null {
    if (!moneyFormats.has(currency)) {
      try {
        moneyFormats.set(currency, new Intl.NumberFormat(locale, { style: "currency", currency }));
      } catch {
        // A currency code Intl does not know: show the amount with the code as sent.
        moneyFormats.set(currency, null);
      }
    }
    return moneyFormats.get(currency) ?? null;
  }

  return {
    locale,
    integer: (value) => integer.format(value),
    percent: (fraction) => percent.format(fraction),
    money(amount, currency) {
      const format = moneyFormat(currency);
      if (format) return format.format(amount);
      const plain = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      return `${plain.format(amount)} ${currency}`;
    },
    weight: (value, unit) =>
      new Intl.NumberFormat(locale, {
        style: "unit",
        unit: unit === "kg" ? "kilogram" : "pound",
        minimumFractionDigits: 3,
        maximumFractionDigits: 3,
      }).format(value),
    dateTime(iso) {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
    },
    span(ms) {
      const { value, unit } = roughSpan(ms);
      return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(value);
    },
    date(iso) {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
    },
    timeOfDay: (ms) => timeOnly.format(ms),
    seconds: (ms) =>
      new Intl.NumberFormat(locale, {
        style: "unit",
        unit: "second",
        unitDisplay: "long",
        maximumFractionDigits: 1,
      }).format(ms / 1000),
    duration(seconds) {
      const rounded = Math.max(0, Math.round(seconds));
      const unit = (value: number, name: "hour" | "minute" | "second") =>
        new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "short" }).format(value);
      if (rounded < 60) return unit(rounded, "second");
      if (rounded < 3600)
        return `${unit(Math.floor(rounded / 60), "minute")} ${unit(rounded % 60, "second")}`;
      return `${unit(Math.floor(rounded / 3600), "hour")} ${unit(Math.floor((rounded % 3600) / 60), "minute")}`;
    },
  };
}
