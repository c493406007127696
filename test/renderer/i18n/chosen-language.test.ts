// Which language the screens speak: the setting's, else the first of the system's languages that the
// screens speak, else English; the region stays for numbers, money and dates.
import { describe, expect, it } from "vitest";
import { chosenLocale, languageOf } from "../../../src/renderer/src/i18n/languages.ts";
import { createI18n } from "../../../src/renderer/src/i18n/translator.ts";

describe("the chosen language", () => {
  it("follows the system's first language the screens speak while the setting is empty", () => {
    expect(chosenLocale("", ["sv-SE", "pl-PL", "en-US"])).toBe("pl-PL");
    expect(chosenLocale("", ["fr-CH"])).toBe("fr-CH");
    expect(chosenLocale("", ["sv-SE", "fi"])).toBe("en");
    expect(chosenLocale("", [])).toBe("en");
  });

  it("takes the setting over the system's", () => {
    expect(chosenLocale("nl", ["pl-PL"])).toBe("nl");
    expect(chosenLocale("de-AT", ["fr-FR"])).toBe("de-AT");
  });

  it("speaks the language of a regional tag, formatting by the region", () => {
    expect(languageOf("es-MX")).toBe("es");
    expect(languageOf("pt-BR")).toBe("en");
    const swiss = createI18n("de-CH");
    expect(swiss.language).toBe("de");
    // Swiss money groups thousands with an apostrophe (straight or curly, as the ICU version has it).
    expect(swiss.money(1234.5, "CHF")).toMatch(/^CHF\s1['’]234\.50$/u);
    expect(createI18n("it-IT").money(1234.5, "EUR")).toBe("1234,50\u00a0€");
    expect(createI18n("pl-PL").money(1234.5, "PLN")).toBe("1234,50\u00a0zł");
    expect(createI18n("nl-NL").date("2026-11-30T12:00:00Z")).toBe("30 nov 2026");
  });
});
