// Every language's messages against the English source: the same ids, valid ICU MessageFormat, the
// same placeholders of the same kinds, a plural form for every count the language tells apart, and no
// placeholder swallowed by ICU's apostrophe quoting (a French "l'{name}" would print "{name}").
import {
  isPluralElement,
  isSelectElement,
  type MessageFormatElement,
  parse,
  TYPE,
} from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { createI18n, type MessageKey } from "../../../src/renderer/src/i18n/i18n.tsx";
import { type Language, languages } from "../../../src/renderer/src/i18n/languages.ts";
import { catalogs } from "../../../src/renderer/src/i18n/message-catalogs.ts";
import { en } from "../../../src/renderer/src/i18n/messages-en.ts";

const others = (Object.keys(languages) as Language[]).filter((language) => language !== "en");
const typeNames: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: "text",
  [TYPE.number]: "number",
  [TYPE.date]: "date",
  [TYPE.time]: "time",
  [TYPE.select]: "select",
  [TYPE.plural]: "plural",
};

/** Each placeholder by name with its kind, from every branch of the message. */
function placeholders(
  elements: MessageFormatElement[],
  found = new Map<string, string>(),
): Map<string, string> {
  for (const element of elements) {
    const kind = typeNames[element.type];
    if (kind && "value" in element && typeof element.value === "string") found.set(element.value, kind);
    if (isPluralElement(element) || isSelectElement(element)) {
      for (const option of Object.values(element.options)) placeholders(option.value, found);
    }
  }
  return found;
}

function plurals(elements: MessageFormatElement[]): { name: string; keys: string[] }[] {
  return elements.flatMap((element) =>
    isPluralElement(element) || isSelectElement(element)
      ? [
          ...(isPluralElement(element) ? [{ name: element.value, keys: Object.keys(element.options) }] : []),
          ...Object.values(element.options).flatMap((option) => plurals(option.value)),
        ]
      : [],
  );
}

function signature(text: string): string[] {
  return [...placeholders(parse(text)).entries()].map(([name, kind]) => `${name}:${kind}`).sort();
}

describe("message catalogs", () => {
  for (const language of others) {
    it(`${language} has every English message and no other`, () => {
      const own = Object.keys(catalogs[language]);
      const missing = Object.keys(en).filter((key) => !own.includes(key));
      const extra = own.filter((key) => !(key in en));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });
  }

  for (const language of Object.keys(languages) as Language[]) {
    it(`${language}: every message is ICU MessageFormat with English's placeholders`, () => {
      const wrong: string[] = [];
      for (const [key, text] of Object.entries(catalogs[language])) {
        try {
          const ownSignature = signature(text);
          const english = signature(en[key as MessageKey]);
          if (ownSignature.join() !== english.join())
            wrong.push(`${key}: ${ownSignature.join()} where English has ${english.join()}`);
        } catch (error) {
          wrong.push(`${key}: ${(error as Error).message}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it(`${language}: every count has the plural form the language's rules ask for`, () => {
      const rules = new Intl.PluralRules(language);
      const valid = new Set(rules.resolvedOptions().pluralCategories);
      const wanted = new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
      const wrong: string[] = [];
      for (const [key, text] of Object.entries(catalogs[language])) {
        for (const { name, keys } of plurals(parse(text))) {
          const forms = new Set(keys);
          const unknown = keys.filter(
            (form) => !form.startsWith("=") && !valid.has(form as Intl.LDMLPluralRule),
          );
          const lacking = [...wanted, "other"].filter((form) => !forms.has(form));
          if (unknown.length > 0 || lacking.length > 0)
            wrong.push(
              `${key} (${name}): unknown ${unknown.join() || "none"}, lacking ${lacking.join() || "none"}`,
            );
        }
      }
      expect(wrong).toEqual([]);
    });

    it(`${language}: every placeholder's value shows in the formatted text`, () => {
      const { t } = createI18n(language);
      const lost: string[] = [];
      for (const key of Object.keys(en) as MessageKey[]) {
        const kinds = placeholders(parse(en[key]));
        const values = Object.fromEntries(
          [...kinds].map(([name, kind]) => [name, kind === "text" ? `⟦${name}⟧` : 7]),
        );
        const text = t(key, values);
        const gone = [...kinds].filter(([name, kind]) => !text.includes(kind === "text" ? `⟦${name}⟧` : "7"));
        if (gone.length > 0 || /[{}]/.test(text)) lost.push(`${key}: ${text}`);
      }
      expect(lost).toEqual([]);
    });
  }
});
