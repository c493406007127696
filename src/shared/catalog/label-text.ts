// The words printed on a shelf label, in the till's language (any of the screens' seven): the same on
// the PDF the core makes and on the screen's preview. Numbers and dates as the language writes them.
import type { Money } from "./money.ts";
import type { LabelFace } from "./shelf-labels.ts";

export interface LabelTexts {
  name: string;
  /** Size and a variant's options, on one small line; "" when neither. */
  detail: string;
  price: string;
  /** "1 kg = 3,98 €"; "" without a unit price. */
  unit: string;
  /** "zzgl. 0,25 € Pfand"; "" without a deposit. */
  deposit: string;
  /** "Angebot bis 30.11.2026"; "" outside an offer. */
  offer: string;
  /** SKU, the date printed and the branch. */
  footer: string;
}

const words = {
  en: { deposit: "plus {0} deposit", offer: "Offer until {0}", noPrice: "No price", sku: "SKU" },
  de: { deposit: "zzgl. {0} Pfand", offer: "Angebot bis {0}", noPrice: "Kein Preis", sku: "Art.-Nr." },
  fr: { deposit: "+ {0} de consigne", offer: "Promo jusqu’au {0}", noPrice: "Sans prix", sku: "Réf." },
  es: { deposit: "+ {0} de envase", offer: "Oferta hasta el {0}", noPrice: "Sin precio", sku: "Ref." },
  it: { deposit: "+ {0} di cauzione", offer: "Offerta fino al {0}", noPrice: "Senza prezzo", sku: "Cod." },
  nl: { deposit: "+ {0} statiegeld", offer: "Aanbieding t/m {0}", noPrice: "Geen prijs", sku: "Art.nr." },
  pl: { deposit: "+ {0} kaucji", offer: "Promocja do {0}", noPrice: "Brak ceny", sku: "Indeks" },
} as const;
type LabelLanguage = keyof typeof words;

/** The country whose way of writing a date the label follows, for each language. */
const dateLocales: Record<LabelLanguage, string> = {
  en: "en-GB",
  de: "de-DE",
  fr: "fr-FR",
  es: "es-ES",
  it: "it-IT",
  nl: "nl-NL",
  pl: "pl-PL",
};

/** "fr-CH" prints French words; a language the labels do not speak, English. */
function labelLanguageOf(tag: string): LabelLanguage {
  const base = tag.toLowerCase().split("-")[0] ?? "";
  return Object.hasOwn(words, base) ? (base as LabelLanguage) : "en";
}

export function labelTexts(
  face: LabelFace,
  options: { language: string; printedOn: string; branch: string | null },
): LabelTexts {
  const language = labelLanguageOf(options.language);
  const said = words[language];
  const money = (value: Money) =>
    new Intl.NumberFormat(language, { style: "currency", currency: value.currency }).format(value.amount);
  const unit = face.unitPrice;
  const footer = [
    face.sku === null ? null : `${said.sku} ${face.sku}`,
    dateText(options.printedOn, language),
    options.branch,
  ];
  return {
    // "500 g" is never split over two lines.
    name: face.name.replace(/(\d) (?=[^\s\d]+$)/u, "$1\u00a0"),
    detail: [face.size, face.options].filter((part) => part !== null).join(" · "),
    price: face.price === null ? said.noPrice : money(face.price),
    unit: unit === null ? "" : `${unit.per} = ${money(unit)}`,
    deposit: face.deposit === null ? "" : said.deposit.replace("{0}", money(face.deposit)),
    offer:
      face.offerLastDay === null
        ? ""
        : said.offer.replace("{0}", dateText(face.offerLastDay, language, false)),
    footer: footer.filter((part) => part !== null).join(" · "),
  };
}

/** A YYYY-MM-DD day as the language writes it ("30.11.2026", "30/11/2026", "30 Nov 2026"; "30.11.", "30/11", "30 Nov" without the year). */
function dateText(day: string, language: LabelLanguage, withYear = true): string {
  const [year, month, date] = day.split("-").map(Number);
  const at = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1));
  const style =
    language === "en"
      ? ({ day: "numeric", month: "short" } as const)
      : ({ day: "2-digit", month: "2-digit" } as const);
  const year_ = withYear ? ({ year: "numeric" } as const) : {};
  const text = new Intl.DateTimeFormat(dateLocales[language], {
    ...style,
    ...year_,
    timeZone: "UTC",
  }).format(at);
  return language === "de" && !withYear ? `${text}.`.replace("..", ".") : text;
}
