// The till's branch and currency in the settings: the branch picked from those the service lists and
// the catalog's branch prices name (by number and name, with how many products each prices) or typed
// as an id, "none" for the default prices.
import { useEffect, useState } from "react";
import { type BranchCount, branchLabel } from "../../../shared/catalog/branch-count.ts";
import type { IpcResult } from "../../../shared/ipc/ipc-result.ts";
import type { PriceSettings } from "../../../shared/settings/app-settings.ts";
import { TextField } from "../forms/text-field.tsx";
import { useI18n } from "../i18n/i18n.tsx";

/** What the fields hold while being edited. */
export interface PriceFieldValues {
  /** The branch picked from the list; "" for none. */
  chosen: string;
  /** A branch id typed in; wins over the list when not empty. */
  typed: string;
  currency: string;
}

export function priceFieldsOf(prices: PriceSettings): PriceFieldValues {
  return { chosen: prices.branch ?? "", typed: "", currency: prices.currency ?? "" };
}

/** The settings the fields stand for; null when the currency is not three letters. */
export function pricesFrom(values: PriceFieldValues): PriceSettings | null {
  const currency = values.currency.trim().toUpperCase();
  if (currency !== "" && !/^[A-Z]{3}$/u.test(currency)) return null;
  const branch = values.typed.trim() || values.chosen;
  return { branch: branch === "" ? null : branch, currency: currency === "" ? null : currency };
}

export function PriceFields(props: {
  formId: string;
  value: PriceFieldValues;
  onValue: (value: PriceFieldValues) => void;
  loadBranches: () => Promise<IpcResult<BranchCount[]>>;
}) {
  const { t } = useI18n();
  const { value, onValue, loadBranches } = props;
  const [branches, setBranches] = useState<BranchCount[]>([]);
  useEffect(() => {
    let current = true;
    void loadBranches().then((result) => {
      if (current && result.ok) setBranches(result.value);
    });
    return () => {
      current = false;
    };
  }, [loadBranches]);
  // A branch typed earlier that no product names (yet) still shows as chosen.
  const listed = branches.some((item) => item.branch === value.chosen) || value.chosen === "";
  const options = listed
    ? branches
    : [{ branch: value.chosen, products: 0, name: null, number: null }, ...branches];
  const selectId = `${props.formId}-branch`;
  return (
    <fieldset>
      <legend>{t("settings.prices")}</legend>
      <div className="field">
        <label htmlFor={selectId}>{t("settings.branch")}</label>
        <select
          id={selectId}
          value={value.chosen}
          onChange={(event) => onValue({ ...value, chosen: event.target.value })}
        >
          <option value="">{t("settings.noBranch")}</option>
          {options.map((item) => (
            <option key={item.branch} value={item.branch}>
              {t("settings.branchOption", { branch: branchLabel(item), count: item.products })}
            </option>
          ))}
        </select>
      </div>
      <TextField
        formId={props.formId}
        name="branchTyped"
        label={t("settings.branchTyped")}
        value={value.typed}
        onValue={(typed) => onValue({ ...value, typed })}
      />
      <TextField
        formId={props.formId}
        name="currency"
        label={t("settings.currency")}
        value={value.currency}
        onValue={(currency) => onValue({ ...value, currency })}
      />
    </fieldset>
  );
}
