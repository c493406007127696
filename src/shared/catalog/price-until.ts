// How a person reads the instant a price changes. An offer given as dates runs from one local
// midnight to the midnight after its last day: "until 1 Dec, 00:00" would read as a day too many,
// so a midnight is shown as a date: the day before for an end, the day itself for a start.

export interface PriceMoment {
  /** The date (whole day) or the instant to show. */
  at: Date;
  /** true: show the date only. */
  wholeDay: boolean;
}

/** `iso` as an instant; local means the zone of whoever shows it. */
export function priceMoment(iso: string, role: "end" | "start"): PriceMoment {
  const at = new Date(iso);
  const midnight = at.getHours() === 0 && at.getMinutes() === 0 && at.getSeconds() === 0;
  if (!midnight) return { at, wholeDay: false };
  return { at: role === "end" ? new Date(at.getTime() - 1) : at, wholeDay: true };
}
