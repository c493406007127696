// The one text form every searchable string is indexed and queried in. The FTS tokenizer also folds
// case and diacritics, but only for the characters it knows; doing it here too makes "creme brulee"
// meet "Crème brûlée" whatever the tokenizer options, and gives the prefix indexes the same form.

const combiningMarks = /\p{M}+/gu;
// Control characters (NUL above all, which ends a string inside SQLite's FTS parser) count as spaces.
const whitespace = /[\s\p{Cc}]+/gu;

export function searchText(text: string): string {
  return text.normalize("NFKD").replace(combiningMarks, "").toLowerCase().replace(whitespace, " ").trim();
}
