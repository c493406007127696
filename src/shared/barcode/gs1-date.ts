// GS1 dates are YYMMDD. The century is chosen so the year lies between 49 years before and 50 years
// after the current year (GS1 General Specifications, "determination of century"), and day 00
// means the last day of the month.

export type Gs1DateResult = { date: string } | { reason: string };

/** Reads six digits YYMMDD as an ISO date (YYYY-MM-DD), relative to today for the century. */
export function readGs1Date(digits: string, today: Date): Gs1DateResult {
  if (!/^\d{6}$/.test(digits)) return { reason: `${digits} is not a date in the form YYMMDD` };
  const month = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));
  if (month < 1 || month > 12) return { reason: `${digits} has month ${month}, which does not exist` };
  const year = gs1Year(Number(digits.slice(0, 2)), today);
  const lastDay = daysInMonth(year, month);
  if (day > lastDay) return { reason: `${digits} has day ${day}, but that month has ${lastDay} days` };
  return { date: isoDate(year, month, day === 0 ? lastDay : day) };
}

/** The four-digit year for a two-digit one, by the GS1 sliding window around today's year. */
export function gs1Year(twoDigitYear: number, today: Date): number {
  const currentYear = today.getUTCFullYear();
  const century = currentYear - (currentYear % 100);
  const difference = twoDigitYear - (currentYear % 100);
  if (difference >= 51) return century - 100 + twoDigitYear;
  if (difference <= -50) return century + 100 + twoDigitYear;
  return century + twoDigitYear;
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
