// How the shelf labels show the unit price (docs/labels.md): the shop's country, whose law the rule
// follows (Germany's by default), or a rule of the shop's own. A country stored that the till does
// not list stays chosen, so saving the form never drops it unasked.
import { knownCountries, unitPriceRules } from "../../../shared/catalog/unit-price.ts";
import type { ShelfLabelSettings } from "../../../shared/settings/app-settings.ts";
import { useI18n } from "../i18n/i18n.tsx";
import type { MessageKey } from "../i18n/messages-en.ts";

const ruleWords: Record<(typeof unitPriceRules)[number], MessageKey> = {
  "per-kg": "settings.rulePerKg",
  "per-100": "settings.rulePer100",
  "per-100-up-to-250": "settings.rulePer100UpTo250",
};

export function LabelFields(props: {
  formId: string;
  value: ShelfLabelSettings;
  onValue: (value: ShelfLabelSettings) => void;
}) {
  const { t, language } = useI18n();
  const names = new Intl.DisplayNames([language], { type: "region" });
  const countries = knownCountries.includes(props.value.country)
    ? knownCountries
    : [props.value.country, ...knownCountries];
  const country = `${props.formId}-label-country`;
  const rule = `${props.formId}-unit-price-rule`;
  return (
    <fieldset>
      <legend>{t("settings.labels")}</legend>
      <div className="field">
        <label htmlFor={country}>{t("settings.labelCountry")}</label>
        <select
          id={country}
          value={props.value.country}
          onChange={(event) => props.onValue({ ...props.value, country: event.target.value })}
        >
          {countries.map((code) => (
            <option key={code} value={code}>
              {names.of(code) ?? code}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={rule}>{t("settings.unitPriceRule")}</label>
        <select
          id={rule}
          value={props.value.unitPriceRule ?? ""}
          onChange={(event) =>
            props.onValue({
              ...props.value,
              unitPriceRule:
                event.target.value === ""
                  ? null
                  : (event.target.value as ShelfLabelSettings["unitPriceRule"]),
            })
          }
        >
          <option value="">{t("settings.ruleOfCountry")}</option>
          {unitPriceRules.map((name) => (
            <option key={name} value={name}>
              {t(ruleWords[name])}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
