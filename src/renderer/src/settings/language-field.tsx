// The screens' language: the system's (the default, named with the language it stands for) or one
// of those the screens speak, each named in itself so a cashier finds their own whatever is shown.
import { languageOf, languages, useI18n } from "../i18n/i18n.tsx";

/** The field's value from the setting: "" follows the system, "de-AT" is German. */
export function languageChoiceOf(setting: string): string {
  return setting === "" ? "" : languageOf(setting);
}

export function LanguageField(props: {
  formId: string;
  /** "" for the system's language, else a language the screens speak. */
  value: string;
  onValue: (value: string) => void;
  /** The system's language tag, to say what following it means. */
  systemLanguage: string;
}) {
  const { t } = useI18n();
  const system = languageOf(props.systemLanguage);
  return (
    <div className="field">
      <label htmlFor={`${props.formId}-language`}>{t("settings.language")}</label>
      <select
        id={`${props.formId}-language`}
        value={props.value}
        onChange={(event) => props.onValue(languageChoiceOf(event.target.value))}
      >
        <option value="">{t("settings.languageSystem", { language: languages[system] })}</option>
        {Object.entries(languages).map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
