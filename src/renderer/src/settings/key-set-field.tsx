// The favourite set this till shows where its branch names no default set and the account holds
// more than one (docs/keys.md): picked by name from the sets the catalog holds, or none (the only
// set, else the product groups as tabs). A name saved earlier that the catalog no longer holds stays
// chosen, marked as missing, so saving the form never drops it unasked.
import { useEffect, useState } from "react";
import type { IpcResult } from "../../../shared/ipc/ipc-result.ts";
import { useI18n } from "../i18n/i18n.tsx";

export function KeySetField(props: {
  formId: string;
  /** The set's name; "" for none. */
  value: string;
  onValue: (value: string) => void;
  loadSetNames: () => Promise<IpcResult<string[]>>;
}) {
  const { t } = useI18n();
  const { loadSetNames } = props;
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let current = true;
    void loadSetNames().then((result) => {
      if (current && result.ok) setNames(result.value);
    });
    return () => {
      current = false;
    };
  }, [loadSetNames]);
  const held = (name: string) => names.some((each) => each.toLowerCase() === name.toLowerCase());
  const id = `${props.formId}-favourite-set`;
  return (
    <fieldset>
      <legend>{t("settings.keys")}</legend>
      <div className="field">
        <label htmlFor={id}>{t("settings.keySet")}</label>
        <select id={id} value={props.value} onChange={(event) => props.onValue(event.target.value)}>
          <option value="">{t("settings.noKeySet")}</option>
          {props.value !== "" && !held(props.value) && (
            <option value={props.value}>{t("settings.keySetMissing", { name: props.value })}</option>
          )}
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
