// The last tier of a search: every word as typed, now also in the brand, keywords and tags, or as a
// catalog word it may stand for with the typos the rule forgives (typo-rules.ts, candidates from
// search-words.ts, never from the products), the last word also as the start of one. Forgiven words
// match names and brands, keywords and tags, never ids or codes. Ranked by typos, then names
// starting with the text as corrected (what tells "Bier 1 l" from "Bier 1 kg": words of 1-2 letters
// are matched by no trigram), then matches in the name before the other texts, then shorter names.
// When the products named exactly the search as corrected fill the answer, they are it, read from the
// name index without the full-text match (corrected-names.ts).
import type { Database } from "better-sqlite3";
import type { FoundRow } from "./catalog-lookup.ts";
import { namesAsCorrected } from "./corrected-names.ts";
import { ftsPhrase } from "./fts-phrase.ts";
import { moreTextsHeld } from "./more-texts.ts";
import { type Candidate, type FindCandidates, searchWordsReader } from "./search-words.ts";

type ForgivenRow = Pick<FoundRow, "id" | "shape" | "record"> & { typos: number; found: string[] };

interface Candidates {
  words: string[];
  matchers: Map<string, Candidate[]>;
}

interface TextRow extends Pick<FoundRow, "id" | "shape" | "record"> {
  seq: number;
  name_key: string;
  more_key: string | null;
}

// Where search-words-sweep.ts takes it from (fts-phrase.ts holds it, for corrected-names.ts too).
export { ftsPhrase };

export function forgivenSearch(db: Database, rankedCandidates: number) {
  const candidatesOf: FindCandidates = searchWordsReader(db);
  const anyMoreTexts = moreTextsHeld(db);
  const correctedNames = namesAsCorrected(db);
  // As the exact tier: the first candidates in rowid order, ranked after.
  const statement = db.prepare<[string, number], TextRow>(`
    SELECT p.seq, p.id, p.shape, p.record, p.name_key, p.more_key
    FROM (SELECT rowid FROM product_text WHERE product_text MATCH ? LIMIT ?) hit
    JOIN products p ON p.seq = hit.rowid
    WHERE p.deleted = 0`);
  /**
   * `query`: the search in search form; `words`: those of its words the full-text index can match
   * (3+ characters), in order.
   */
  return (query: string, words: string[], lastIsTyping: boolean, limit: number): ForgivenRow[] => {
    const candidates = forgivenWords(words, lastIsTyping, candidatesOf);
    // No word may be a typo, and no brand, keyword or tag to find a word in: the tier before found it all.
    if (![...candidates.matchers.values()].some((list) => list.length > 0) && !anyMoreTexts()) return [];
    const named = correctedNames(query, words, candidates.matchers, limit);
    if (named !== null) return named;
    const rows = statement.all(matchOf(candidates), rankedCandidates);
    return rows
      .map((row) => scored(row, candidates, query))
      .sort(
        (a, b) =>
          a.typos - b.typos ||
          Number(b.starts) - Number(a.starts) ||
          Number(b.inName) - Number(a.inName) ||
          a.row.name_key.length - b.row.name_key.length ||
          a.row.seq - b.row.seq,
      )
      .slice(0, limit)
      .map(({ row, typos, found }) => ({ id: row.id, shape: row.shape, record: row.record, typos, found }));
  };
}

/** Each word's candidates. */
function forgivenWords(words: string[], lastIsTyping: boolean, candidatesOf: FindCandidates): Candidates {
  const matchers = new Map<string, Candidate[]>();
  words.forEach((word, index) => {
    matchers.set(word, candidatesOf(word, lastIsTyping && index === words.length - 1));
  });
  return { words, matchers };
}

function matchOf({ words, matchers }: Candidates): string {
  return words
    .map((word) => {
      const list = matchers.get(word) ?? [];
      if (list.length === 0) return ftsPhrase(word);
      return `(${ftsPhrase(word)} OR {name more} : (${list.map((item) => ftsPhrase(item.word)).join(" OR ")}))`;
    })
    .join(" AND ");
}

/** The row's typos: per word none when it is there as typed, else the fewest of a candidate found. */
function scored(row: TextRow, { words, matchers }: Candidates, query: string) {
  const texts = [row.name_key, row.more_key ?? ""];
  let typos = 0;
  let inName = true;
  const found: string[] = [];
  const corrected = new Map<string, string>();
  for (const word of words) {
    const where = texts.findIndex((text) => text.includes(word));
    if (where >= 0) {
      if (where > 0) inName = false;
      continue;
    }
    const best = (matchers.get(word) ?? []).find((item) => texts.some((text) => text.includes(item.word)));
    // Neither: the word is in an id or a code, as typed.
    if (best === undefined) continue;
    typos += best.typos;
    found.push(best.word);
    corrected.set(word, best.word);
    if (!row.name_key.includes(best.word)) inName = false;
  }
  const text = query
    .split(" ")
    .map((word) => corrected.get(word) ?? word)
    .join(" ");
  return { row, typos, found, inName, starts: row.name_key.startsWith(text) };
}
