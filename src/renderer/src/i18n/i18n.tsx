// The language the screens speak, chosen in the settings or following the system, for every
// component through one context (translator.ts makes it).
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { createI18n, type I18n } from "./translator.ts";

export { chosenLocale, type Language, languageOf, languages } from "./languages.ts";
export { createI18n, type I18n, type MessageKey, type Translate } from "./translator.ts";

const I18nContext = createContext<I18n>(createI18n("en"));

export function I18nProvider(props: { language: string; children: ReactNode }) {
  const value = useMemo(() => createI18n(props.language), [props.language]);
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  return useContext(I18nContext);
}
