// The language the screens speak, chosen in the settings: its sentences and its Intl formatters.
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { createFormatters, type Formatters } from "./formatters.ts";
import { de } from "./messages-de.ts";
import { en, type MessageKey, type Messages } from "./messages-en.ts";

export type { MessageKey } from "./messages-en.ts";

export const languages = { en: "English", de: "Deutsch" } as const;
export type Language = keyof typeof languages;

const catalogs: Record<Language, Messages> = { en, de };

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export interface I18n extends Formatters {
  language: Language;
  t: Translate;
}

/** "de-AT" speaks German; anything the screens do not speak falls back to English. */
export function languageOf(tag: string): Language {
  const base = tag.toLowerCase().split("-")[0];
  return base === "de" ? "de" : "en";
}

export function createI18n(tag: string): I18n {
  const language = languageOf(tag);
  const messages = catalogs[language];
  const formatters = createFormatters(tag.toLowerCase().startsWith(language) ? tag : language);
  const t: Translate = (key, values = {}) =>
    messages[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  return { ...formatters, language, t };
}

const I18nContext = createContext<I18n>(createI18n("en"));

export function I18nProvider(props: { language: string; children: ReactNode }) {
  const value = useMemo(() => createI18n(props.language), [props.language]);
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  return useContext(I18nContext);
}
