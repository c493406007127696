// How a person reads the end of a price. An offer given as dates ends at the next local midnight;
// "until 1 Dec, 00:00" would read as a day too many, so a midnight end is shown as its last day.

export interface PriceEnd {
  /** The last day (whole-day end) or the instant (any other end) to show. */
  at: Date;
  /** true: show the date only, meaning to the end of that day. */
  wholeDay: boolean;
}

/** `until` as an ISO instant; local means the zone of whoever shows it. */
export function priceEnd(until: string): PriceEnd {
  const end = new Date(until);
  const midnight = end.getHours() === 0 && end.getMinutes() === 0 && end.getSeconds() === 0;
  return midnight ? { at: new Date(end.getTime() - 1), wholeDay: true } : { at: end, wholeDay: false };
}
