// A checkout scanner on a serial line in the settings: its port (picked from those the system lists,
// or typed, since virtual and some USB-COM ports are not listed), its rate and what ends each code.
import { useEffect, useState } from "react";
import type { IpcResult } from "../../../shared/ipc/ipc-result.ts";
import {
  baudRates,
  type LineEnding,
  lineEndings,
  type SerialScannerSettings,
} from "../../../shared/serial/serial-settings.ts";
import { TextField } from "../forms/text-field.tsx";
import { useI18n } from "../i18n/i18n.tsx";

/** What the fields hold while being edited; an empty port is no serial scanner. */
export interface SerialFieldValues {
  port: string;
  baud: number;
  lineEnding: LineEnding;
}

export function serialFieldsOf(settings: SerialScannerSettings): SerialFieldValues {
  return { port: settings.port ?? "", baud: settings.baud, lineEnding: settings.lineEnding };
}

export function serialFrom(values: SerialFieldValues): SerialScannerSettings {
  const port = values.port.trim();
  return { port: port === "" ? null : port, baud: values.baud, lineEnding: values.lineEnding };
}

export function SerialScannerFields(props: {
  formId: string;
  value: SerialFieldValues;
  onValue: (value: SerialFieldValues) => void;
  loadPorts: () => Promise<IpcResult<string[]>>;
}) {
  const { t } = useI18n();
  const { formId, value, onValue, loadPorts } = props;
  const [ports, setPorts] = useState<string[]>([]);
  useEffect(() => {
    let current = true;
    void loadPorts().then((result) => {
      if (current && result.ok) setPorts(result.value);
    });
    return () => {
      current = false;
    };
  }, [loadPorts]);
  return (
    <fieldset>
      <legend>{t("settings.serial")}</legend>
      <TextField
        formId={formId}
        name="serialPort"
        label={t("settings.serialPort")}
        value={value.port}
        onValue={(port) => onValue({ ...value, port })}
        list={`${formId}-serial-ports`}
      />
      <datalist id={`${formId}-serial-ports`}>
        {ports.map((port) => (
          <option key={port} value={port} />
        ))}
      </datalist>
      <div className="field">
        <label htmlFor={`${formId}-baud`}>{t("settings.serialBaud")}</label>
        <select
          id={`${formId}-baud`}
          value={value.baud}
          onChange={(event) => onValue({ ...value, baud: Number(event.target.value) })}
        >
          {baudRates.map((rate) => (
            <option key={rate} value={rate}>
              {rate}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${formId}-line-ending`}>{t("settings.serialEnding")}</label>
        <select
          id={`${formId}-line-ending`}
          value={value.lineEnding}
          onChange={(event) => onValue({ ...value, lineEnding: event.target.value as LineEnding })}
        >
          {lineEndings.map((ending) => (
            <option key={ending} value={ending}>
              {t(`settings.serialEnding.${ending}`)}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
