// Where an arrow key takes the focus in a grid of keys laid out by place (a favourite tab's key sits
// at the place its order_index gives it, so a shop can leave gaps): left and right run to the key
// before or after in reading order, up and down to the nearest key in the same column, Home and End
// to the first and last key. Gaps are passed over; at an edge the focus stays put rather than
// wrapping, so holding an arrow never sends the cashier somewhere unexpected.

/**
 * The place the move lands on (one of `places`, sorted ascending), or null when `key` is not a move
 * (the caller lets it pass).
 */
export function movedPlace(
  current: number,
  key: string,
  places: readonly number[],
  columns: number,
): number | null {
  const first = places[0];
  const last = places.at(-1);
  if (first === undefined || last === undefined) return null;
  const inColumn = (step: number) => {
    for (let place = current + step; place >= first && place <= last; place += step)
      if (places.includes(place)) return place;
    return current;
  };
  switch (key) {
    case "ArrowRight":
      return places.find((place) => place > current) ?? current;
    case "ArrowLeft":
      return places.findLast((place) => place < current) ?? current;
    case "ArrowDown":
      return inColumn(columns);
    case "ArrowUp":
      return inColumn(-columns);
    case "Home":
      return first;
    case "End":
      return last;
    default:
      return null;
  }
}
