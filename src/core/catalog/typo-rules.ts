// How many typos a word may carry and how they are counted, as the search engines cashiers know do it
// (Meilisearch's defaults): none up to 4 letters, one from 5, two from 9; an insert, a delete, a
// substitution or two neighbours swapped each count as one. The length is the longer of the word typed
// and the catalog's word, so a letter left out of a 5-letter word is forgiven as one added to it is.
// Only words of letters are forgiven: a word with a digit is a code, a size or a price, and one digit
// off is another product.

const letters = /^\p{L}+$/u;

/** The typos a word of `length` characters may carry. */
export function allowedTypos(length: number): number {
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}

/** Whether a word typed may be forgiven at all: letters only. */
export function forgivable(word: string): boolean {
  return letters.test(word);
}

/**
 * Edits between `typed` and each start of `word` (the whole of it last), a swap of neighbours as one
 * (optimal string alignment): the last row of the table, one pass for whole word and starts alike.
 * Null as soon as every entry is sure to exceed `max`.
 */
function editRow(typed: readonly string[], word: readonly string[], max: number): Int32Array | null {
  const width = word.length + 1;
  let before = new Int32Array(width);
  let previous = Int32Array.from({ length: width }, (_, j) => j);
  let current = new Int32Array(width);
  for (let i = 1; i <= typed.length; i++) {
    current[0] = i;
    let rowBest = i;
    for (let j = 1; j < width; j++) {
      const cost = typed[i - 1] === word[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && typed[i - 1] === word[j - 2] && typed[i - 2] === word[j - 1])
        value = Math.min(value, (before[j - 2] as number) + 1);
      current[j] = value;
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > max) return null;
    [before, previous, current] = [previous, current, before];
  }
  return previous;
}

/** Edits between `a` and `b`, a swap of neighbours as one, or `max + 1` when more than `max`. */
export function editDistance(a: string, b: string, max: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return max + 1;
  const row = editRow(x, y, max);
  return Math.min(row?.[y.length] ?? max + 1, max + 1);
}

/** The typos of `typed` against `word`, or null when more than the rule forgives. */
export function wordTypos(typed: string, word: string): number | null {
  const max = allowedTypos(Math.max([...typed].length, [...word].length));
  const distance = editDistance(typed, word, max);
  return distance <= max ? distance : null;
}

/**
 * The typos of `typed` against the start of `word` (the last word of a search, still being typed),
 * or null when more than the rule forgives for the text typed.
 */
export function prefixTypos(typed: string, word: string): number | null {
  const x = [...typed];
  const y = [...word];
  const max = allowedTypos(x.length);
  const row = editRow(x, y, max);
  if (row === null) return null;
  let best = max + 1;
  for (let end = Math.max(1, x.length - max); end <= Math.min(y.length, x.length + max); end++)
    best = Math.min(best, row[end] as number);
  return best <= max ? best : null;
}

/** `word` with up to `depth` characters left out, itself included, each once. */
export function deletionNeighbours(word: string, depth: number): string[] {
  const found = new Set([word]);
  let layer = [word];
  for (let step = 0; step < depth; step++) {
    const next: string[] = [];
    for (const text of layer) {
      const characters = [...text];
      for (let index = 0; index < characters.length; index++) {
        const shorter = [...characters.slice(0, index), ...characters.slice(index + 1)].join("");
        if (found.has(shorter)) continue;
        found.add(shorter);
        next.push(shorter);
      }
    }
    layer = next;
  }
  return [...found];
}

/**
 * How many letters a catalog word is indexed without: enough to meet any word typed within what the
 * rule forgives (two only from 7 letters, as a 9-letter word typed may be two letters longer).
 */
export function storedDeletions(word: string): number {
  const length = [...word].length;
  if (length >= 7) return 2;
  if (length >= 4) return 1;
  return 0;
}

/** How many letters a word typed is looked up without: what a catalog word one letter longer allows. */
export function typedDeletions(word: string): number {
  return allowedTypos([...word].length + 1);
}
