// The languages the screens speak, each named in itself, and which one a till shows: the one its
// settings name, else the first of the system's languages the screens speak, else English.

/** Each language by its own name, as the settings list shows it: a French cashier looks for "Français". */
export const languages = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  it: "Italiano",
  nl: "Nederlands",
  pl: "Polski",
} as const;
export type Language = keyof typeof languages;

export function isLanguage(code: string): code is Language {
  return Object.hasOwn(languages, code);
}

/** "de-AT" speaks German; null for a language the screens do not speak. */
export function spokenLanguageOf(tag: string): Language | null {
  const base = tag.toLowerCase().split("-")[0] ?? "";
  return isLanguage(base) ? base : null;
}

/** "de-AT" speaks German; anything the screens do not speak falls back to English. */
export function languageOf(tag: string): Language {
  return spokenLanguageOf(tag) ?? "en";
}

/**
 * The tag the screens speak and format by: the setting's when it names one ("" follows the system),
 * else the first of the system's tags in a language the screens speak ("fr-CH" keeps Swiss numbers).
 */
export function chosenLocale(setting: string, systemTags: readonly string[]): string {
  if (setting !== "") return setting;
  return systemTags.find((tag) => spokenLanguageOf(tag) !== null) ?? "en";
}
