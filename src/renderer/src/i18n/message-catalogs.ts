// Every language's messages, by language: adding one is a file beside these and a line here
// (docs/languages.md).
import type { Language } from "./languages.ts";
import { de } from "./messages-de.ts";
import { en, type Messages } from "./messages-en.ts";
import { es } from "./messages-es.ts";
import { fr } from "./messages-fr.ts";
import { it } from "./messages-it.ts";
import { nl } from "./messages-nl.ts";
import { pl } from "./messages-pl.ts";

export const catalogs: Record<Language, Messages> = { en, de, fr, es, it, nl, pl };
