// One language's words and formats, without React: its ICU messages formatted by FormatJS with the
// language's plural rules, and its Intl formatters. The screens get it through i18n.tsx.
import { createIntl, createIntlCache } from "@formatjs/intl";
import { createFormatters, type Formatters } from "./formatters.ts";
import { type Language, languageOf } from "./languages.ts";
import { catalogs } from "./message-catalogs.ts";
import { en, type MessageKey } from "./messages-en.ts";

export type { MessageKey } from "./messages-en.ts";

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export interface I18n extends Formatters {
  language: Language;
  t: Translate;
}

// Parsed messages are kept across languages and re-renders: switching back costs nothing.
const cache = createIntlCache();

export function createI18n(tag: string): I18n {
  const language = languageOf(tag);
  // A region the language is spoken in formats by its customs ("de-CH": 1’000); any other, by the language's.
  const locale = tag.toLowerCase().startsWith(language) ? tag : language;
  const formatters = createFormatters(locale);
  const intl = createIntl(
    {
      locale,
      messages: catalogs[language],
      defaultLocale: "en",
      // The completeness test keeps every language whole; a slip at run time shows the English words.
      onError: (error) => {
        if (error.code !== "MISSING_TRANSLATION") console.error(error);
      },
    },
    cache,
  );
  const t: Translate = (key, values) => intl.formatMessage({ id: key, defaultMessage: en[key] }, values);
  return { ...formatters, language, t };
}
