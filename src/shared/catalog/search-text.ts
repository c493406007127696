// The one text form every searchable string is indexed and queried in: lower case, accents removed,
// and every Latin letter that has no accent to remove (ø, ł, ß, æ, þ...) spelt the way people type
// it on a keyboard without it. Indexing and queries both go through here, so "smorbrod" meets
// "Smørbrød" and "weiss" meets "Weiß". Changing this changes what is indexed: a catalog written
// before the change needs the search index rebuilt (a migration in catalog-migrations.ts).

const combiningMarks = /\p{M}+/gu;
// Control characters (NUL above all, which ends a string inside SQLite's FTS parser) count as spaces.
const whitespace = /[\s\p{Cc}]+/gu;

/**
 * Lower-case Latin letters that Unicode does not decompose into a base letter and marks, with the
 * spelling a keyboard without them uses. Covers Latin-1, Latin Extended-A completely and the letters
 * of Latin Extended-B and IPA that European languages write (Sami, Azerbaijani, Croatian digraphs,
 * Greenlandic, Catalan, Afrikaans). Anything not listed is kept as it is.
 */
const keyboardSpelling: Record<string, string> = {
  æ: "ae",
  ð: "d",
  ø: "o",
  þ: "th",
  ß: "ss",
  đ: "d",
  ħ: "h",
  ı: "i",
  ĸ: "q",
  ł: "l",
  ŋ: "n",
  œ: "oe",
  ŧ: "t",
  // Catalan l·l (ŀ decomposes to l and a middle dot) and Afrikaans ŉ (a modifier apostrophe and n).
  "·": "",
  ʼ: "",
  ƀ: "b",
  ɓ: "b",
  ƃ: "b",
  ƈ: "c",
  ȼ: "c",
  ɖ: "d",
  ɗ: "d",
  ƌ: "d",
  ȡ: "d",
  ɇ: "e",
  ǝ: "e",
  ɛ: "e",
  // Azerbaijani ə is written a without it (Əliyev, Aliyev).
  ə: "a",
  ⱥ: "a",
  ƒ: "f",
  ɠ: "g",
  ǥ: "g",
  ɣ: "g",
  ƕ: "hv",
  ɦ: "h",
  ɨ: "i",
  ɩ: "i",
  ȷ: "j",
  ɉ: "j",
  ƙ: "k",
  ƚ: "l",
  ɫ: "l",
  ȴ: "l",
  ɲ: "n",
  ƞ: "n",
  ȵ: "n",
  ɵ: "o",
  ɔ: "o",
  ƣ: "oi",
  ȣ: "ou",
  ƥ: "p",
  ɋ: "q",
  ɍ: "r",
  ʀ: "r",
  ʃ: "s",
  ȿ: "s",
  ƭ: "t",
  ʈ: "t",
  ⱦ: "t",
  ȶ: "t",
  ʉ: "u",
  ʊ: "u",
  ʋ: "v",
  ƿ: "w",
  ƴ: "y",
  ɏ: "y",
  ȝ: "y",
  ƶ: "z",
  ȥ: "z",
  ɀ: "z",
  // Sami ezh (ʒ, ǯ) is written z without it.
  ʒ: "z",
};

const respelt = new RegExp(`[${Object.keys(keyboardSpelling).join("")}]`, "gu");

export function searchText(text: string): string {
  // Lower case first: İ lowers to i and a combining dot, which the next step removes.
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(combiningMarks, "")
    .replace(respelt, (letter) => keyboardSpelling[letter] ?? letter)
    .replace(whitespace, " ")
    .trim();
}
