// A search row's name in parts, the words a forgiven search took the typed ones for marked: "Bananne"
// finds "Bananen, per kg" with "Bananen" marked, so the cashier sees what was read, and nothing else.
import { searchText } from "../../../shared/catalog/search-text.ts";

export interface NamePart {
  text: string;
  found: boolean;
}

/** `found`: the catalog words in search form (a search hit's `found`); none leaves the name whole. */
export function nameParts(name: string, found: readonly string[]): NamePart[] {
  if (found.length === 0) return [{ text: name, found: false }];
  const wanted = new Set(found);
  return name
    .split(/(\p{L}+)/u)
    .filter((text) => text !== "")
    .map((text) => ({ text, found: wanted.has(searchText(text)) }));
}
