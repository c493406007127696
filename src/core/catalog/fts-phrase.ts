// A word as one phrase of an FTS5 query, so that no text a cashier types is ever parsed as syntax.

/** A phrase of an FTS5 query: quotes doubled, so no text is ever parsed as syntax. */
export function ftsPhrase(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}
