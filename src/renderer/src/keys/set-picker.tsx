// Which favourite set the Keys view shows, where the account has more than one: the till's own choice
// (its branch's default, else the set the settings name) unless the cashier picks another by name
// for now. The pick lasts while the app runs; a till's lasting choice is its branch or its settings.
import { useId } from "react";
import { useI18n } from "../i18n/i18n.tsx";

export function SetPicker(props: {
  /** Every active set's name. */
  names: readonly string[];
  /** The name asked for, or null for the till's own choice. */
  asked: string | null;
  onPick: (name: string | null) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="set-picker">
      <label htmlFor={id}>{t("keys.setLabel")}</label>
      <select
        id={id}
        value={props.asked ?? ""}
        onChange={(event) => props.onPick(event.target.value || null)}
      >
        <option value="">{t("keys.setOwn")}</option>
        {props.names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
