// Text in the order SQLite's default (BINARY) collation sorts it: by the bytes of its UTF-8, which is
// code point order. JavaScript's < compares UTF-16 units instead, which puts a character above U+FFFF
// (a surrogate pair, 0xD800-0xDFFF) before one of U+E000-U+FFFF; here it comes after, as in SQLite.
// For sorting a few rows in memory where an ORDER BY would cost SQLite a temporary B-tree.

export function compareBinaryText(a: string, b: string): number {
  if (a === b) return 0;
  const shorter = Math.min(a.length, b.length);
  for (let index = 0; index < shorter; index++) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x !== y) return orderUnit(x) - orderUnit(y);
  }
  return a.length - b.length;
}

/** A surrogate unit stands for a code point above U+FFFF: it sorts after every other unit. */
function orderUnit(unit: number): number {
  return unit >= 0xd800 && unit <= 0xdfff ? unit + 0x2000 : unit >= 0xe000 ? unit - 0x800 : unit;
}
