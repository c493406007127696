// Which rows of a long list of equal-height rows are worth putting in the page: those in view, a few
// either side, and the active one (so aria-activedescendant always points at a real element).

export interface RowWindow {
  start: number;
  /** Exclusive. */
  end: number;
}

export function visibleRows(view: {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  overscan: number;
}): RowWindow {
  const first = Math.floor(Math.max(0, view.scrollTop) / view.rowHeight);
  const inView = Math.ceil(view.viewportHeight / view.rowHeight) + 1;
  return {
    start: Math.max(0, first - view.overscan),
    end: Math.min(view.count, first + inView + view.overscan),
  };
}

/** The scroll position that brings row `index` fully into view, moving as little as possible. */
export function scrollToShow(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return top + rowHeight - viewportHeight;
  return scrollTop;
}
