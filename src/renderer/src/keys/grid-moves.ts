// Where an arrow key takes the focus in a grid of keys laid out row by row: left and right run along
// the row and on into the next or the one before, up and down stay in their column, Home and End go
// to the first and last key. At an edge the focus stays put rather than wrapping to the far side,
// so holding an arrow never sends the cashier somewhere unexpected.

/** The key the move lands on, or null when `key` is not a move (the caller lets it pass). */
export function movedIndex(current: number, key: string, count: number, columns: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  const within = (index: number) => Math.max(0, Math.min(last, index));
  switch (key) {
    case "ArrowRight":
      return within(current + 1);
    case "ArrowLeft":
      return within(current - 1);
    case "ArrowDown":
      return current + columns <= last ? current + columns : current;
    case "ArrowUp":
      return current - columns >= 0 ? current - columns : current;
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}
