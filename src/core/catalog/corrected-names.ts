// The rows the forgiving tier ranks first, read from the name index when they fill the answer: the
// products named exactly the search as corrected. A slip in a name a catalog holds many times
// ("Bananne" for a banana sold under one name by the kilo) otherwise costs a full-text match of every
// word with its alternatives, over the doclists of the words' most common trigrams: at a million
// products three times the match of the text as typed (issue 52, docs/benchmarks.md).
//
// Why these rows come first in the forgiving tier's order (forgiven-search.ts): a word found nowhere
// as typed (no catalog word, no full-text hit) costs every row at least its nearest candidate's typos;
// with one nearest candidate per such word and every other word as typed, a row named the corrected
// text has the fewest typos any row can have, starts with the text as corrected, holds every word in
// its name, and no row of those typos that starts so is shorter. Among equals the order is the seq,
// as there. So when the name index holds `limit` of them, they are the answer; otherwise the tier
// runs its full-text match as before.
import type { Database } from "better-sqlite3";
import type { FoundRow } from "./catalog-lookup.ts";
import { ftsPhrase } from "./fts-phrase.ts";
import type { Candidate } from "./search-words.ts";

type Row = Pick<FoundRow, "id" | "shape" | "record">;
export type CorrectedRow = Row & { typos: number; found: string[] };

/** Each word of the search with its candidates, as the forgiving tier found them. */
export type WordCandidates = ReadonlyMap<string, readonly Candidate[]>;

export function namesAsCorrected(db: Database) {
  const catalogWord = db.prepare<[string, string], number>(
    "SELECT 1 FROM search_words WHERE form = ? AND word = ?",
  );
  const typedIn = db
    .prepare<[string], number>("SELECT 1 FROM product_text WHERE product_text MATCH ? LIMIT 1")
    .pluck();
  const named = db.prepare<[string, number], Row>(
    "SELECT id, shape, record FROM products WHERE name_key = ? AND deleted = 0 ORDER BY seq LIMIT ?",
  );
  /** Whether any product holds the word as typed, inside another word, an id or a code too. */
  const typedAnywhere = (word: string) => typedIn.get(ftsPhrase(word)) !== undefined;

  /**
   * `limit` rows named the search as corrected, or null when there are fewer, when no word needs
   * correcting, or when a word has two nearest candidates (two corrected texts).
   */
  return (query: string, words: readonly string[], matchers: WordCandidates, limit: number) => {
    const corrected = new Map<string, Candidate>();
    for (const word of new Set(words)) {
      const [nearest, next] = matchers.get(word) ?? [];
      if (nearest === undefined || catalogWord.get(word, word) !== undefined) continue;
      if (next !== undefined && next.typos === nearest.typos) return null;
      corrected.set(word, nearest);
    }
    if (corrected.size === 0) return null;
    const text = query
      .split(" ")
      .map((word) => corrected.get(word)?.word ?? word)
      .join(" ");
    const rows = named.all(text, limit);
    // The full-text check last: for a word one letter off a common one it reads long doclists.
    if (rows.length < limit || [...corrected.keys()].some(typedAnywhere)) return null;
    const taken = words.flatMap((word) => corrected.get(word) ?? []);
    const typos = taken.reduce((sum, item) => sum + item.typos, 0);
    const found = taken.map((item) => item.word);
    return rows.map((row): CorrectedRow => ({ ...row, typos, found }));
  };
}
