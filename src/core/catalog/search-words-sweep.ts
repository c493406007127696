// search_words follows the catalog: the words of every search text a write replaced or removed are
// noted, and before the write's transaction ends each one no live product's name or brand, keywords
// and tags still hold is deleted under all its forms. Otherwise a renamed or removed product's words
// would stay candidates forever: rows that cost space and, typed, a full-text match that finds
// nothing. Only the noted words are checked, so a sync that removes nothing checks nothing.
import type { Database } from "better-sqlite3";
import { ftsPhrase } from "./forgiven-search.ts";
import { indexedWords, storedForms } from "./search-words.ts";

export interface SearchWordsSweep {
  /** The texts (in search form) of a row whose search text is being replaced or removed. */
  note(texts: readonly (string | null)[]): void;
  /** Deletes the noted words no live product holds, and returns them. */
  sweep(): string[];
}

export function searchWordsSweep(db: Database): SearchWordsSweep {
  // Trigrams match the word inside longer ones too: the texts of the rows found say whether it is a word of them.
  const holders = db.prepare<[string], { name_key: string; more_key: string | null }>(`
    SELECT p.name_key, p.more_key FROM product_text t JOIN products p ON p.seq = t.rowid
    WHERE product_text MATCH ? AND p.deleted = 0`);
  const remove = db.prepare("DELETE FROM search_words WHERE form = ? AND word = ?");
  const noted = new Set<string>();

  function held(word: string): boolean {
    for (const row of holders.iterate(`{name more} : ${ftsPhrase(word)}`)) {
      const texts = [row.name_key, row.more_key ?? ""];
      // Leaving the loop early resets the statement, so the deletes after it may write.
      if (texts.some((text) => indexedWords(text).includes(word))) return true;
    }
    return false;
  }

  return {
    note(texts) {
      for (const text of texts) if (text !== null) for (const word of indexedWords(text)) noted.add(word);
    },
    sweep() {
      const gone = [...noted].filter((word) => !held(word));
      noted.clear();
      for (const word of gone) for (const form of storedForms(word)) remove.run(form, word);
      return gone;
    },
  };
}
