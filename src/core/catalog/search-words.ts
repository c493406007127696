// The catalog's words, for finding what a word typed wrong was meant to be without reading the
// products (symmetric delete, as SymSpell does it): each distinct word of 4+ letters of the searched
// texts is kept under itself and under every form of it with one letter left out (two from 7
// letters). A word typed is looked up under the same forms of itself; two words within the typos
// the rule forgives always share one, and the candidates are then measured exactly (typo-rules.ts).
// A word no live product holds any more leaves with the write that removed it (search-words-sweep.ts).
// A catalog's distinct words are few beside its products (the demo's are 200).
import type { Database } from "better-sqlite3";
import {
  allowedTypos,
  deletionNeighbours,
  forgivable,
  prefixTypos,
  storedDeletions,
  typedDeletions,
  wordTypos,
} from "./typo-rules.ts";

/** Words known to be in the table, so a sync asks SQLite only about new ones; cleared when this large. */
const rememberedWords = 50_000;
/** Sorts after every character a word can go on with, closing the range of a start. */
const afterEverything = "\u{10FFFF}";
/** Rows read per form looked up: a short form starts many words, and candidates are ranked after. */
const rowsPerForm = 64;
/** The catalog words a word typed may stand for, best first. */
const candidatesPerWord = 8;

/** The words of a text in search form (searchText) that the table keeps: letters only, 4 or more. */
export function indexedWords(text: string): string[] {
  // UTF-16 length: a word of astral letters may be kept a letter short, and is only ever a row more.
  return text.split(/[^\p{L}]+/u).filter((word) => word.length >= 4);
}

/** Takes texts in search form: the row's keys, already folded. */
export type RecordWords = (texts: readonly string[]) => void;

export interface SearchWordsWriter {
  record: RecordWords;
  /** Words just deleted from the table: written again by the next text that holds them. */
  forget(words: readonly string[]): void;
}

/** Each form a word is kept under, itself first. */
export function storedForms(word: string): string[] {
  return deletionNeighbours(word, storedDeletions(word));
}

export function searchWordsWriter(db: Database): SearchWordsWriter {
  const insert = db.prepare("INSERT OR IGNORE INTO search_words (form, word) VALUES (?, ?)");
  const known = new Set<string>();
  const record: RecordWords = (texts) => {
    for (const text of texts) {
      for (const word of indexedWords(text)) {
        if (known.has(word)) continue;
        if (known.size >= rememberedWords) known.clear();
        known.add(word);
        // The word under itself is there when the word is: its other forms were written with it.
        if (insert.run(word, word).changes === 0) continue;
        for (const form of storedForms(word).slice(1)) insert.run(form, word);
      }
    }
  };
  return {
    record,
    forget(words) {
      for (const word of words) known.delete(word);
    },
  };
}

/** A catalog word a word typed may stand for, and the typos between them. */
export interface Candidate {
  word: string;
  typos: number;
}

export type FindCandidates = (typed: string, asPrefix: boolean) => Candidate[];

/**
 * The catalog words `typed` may stand for with at least one typo. With `asPrefix` (the last word of
 * a search) also the words whose start it may stand for: a form looked up as the start of forms.
 */
export function searchWordsReader(db: Database): FindCandidates {
  // All forms in one statement: a statement's run costs more than the few index steps of a form.
  const same = db.prepare<[string, number], { word: string }>(
    "SELECT word FROM search_words WHERE form IN (SELECT value FROM json_each(?)) LIMIT ?",
  );
  const starting = db.prepare<[string, number, string], { words: string }>(`
    SELECT (SELECT json_group_array(word) FROM (
      SELECT word FROM search_words WHERE form >= f.value AND form < f.value || ? ORDER BY form LIMIT ?
    )) AS words
    FROM json_each(?) f`);
  const lookUp = (forms: string[], asPrefix: boolean): string[] =>
    asPrefix
      ? starting
          .all(afterEverything, rowsPerForm, JSON.stringify(forms))
          .flatMap((row) => JSON.parse(row.words) as string[])
      : same.all(JSON.stringify(forms), rowsPerForm * forms.length).map((row) => row.word);
  return (typed, asPrefix) => {
    const length = [...typed].length;
    // Shorter than 4, a word typed is forgiven nothing, whatever the catalog's word.
    if (length < 4 || !forgivable(typed)) return [];
    const forms = deletionNeighbours(typed, typedDeletions(typed));
    // A start of a word is forgiven typos by the length typed only.
    const words = new Set(lookUp(forms, asPrefix && allowedTypos(length) > 0));
    const found: Candidate[] = [];
    for (const word of words) {
      if (word === typed) continue;
      const typos = wordTypos(typed, word) ?? (asPrefix ? prefixTypos(typed, word) : null);
      if (typos !== null && typos > 0) found.push({ word, typos });
    }
    return found
      .sort((a, b) => a.typos - b.typos || a.word.length - b.word.length || (a.word < b.word ? -1 : 1))
      .slice(0, candidatesPerWord);
  };
}
