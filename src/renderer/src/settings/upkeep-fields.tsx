// What a chain's IT person sets on a till: how much its log file keeps, where its updates come from
// and when a kiosk installs them; and the button that saves a diagnostics file to send them.
import { useState } from "react";
import type { IpcResult } from "../../../shared/ipc/ipc-result.ts";
import {
  type AppSettings,
  type LogLevel,
  logLevels,
  updateFeedSchema,
  updateSettingsSchema,
} from "../../../shared/settings/app-settings.ts";
import { TextField } from "../forms/text-field.tsx";
import { type MessageKey, useI18n } from "../i18n/i18n.tsx";

/** What the fields hold while being edited. */
export interface UpkeepValues {
  logLevel: LogLevel;
  feedUrl: string;
  quietHour: string;
}

export function upkeepOf(settings: AppSettings): UpkeepValues {
  return {
    logLevel: settings.logLevel,
    feedUrl: settings.updates.feedUrl ?? "",
    quietHour: settings.updates.quietHour,
  };
}

/** The settings the fields stand for, or the message saying which field is unusable. */
export function upkeepFrom(
  values: UpkeepValues,
): { logLevel: LogLevel; updates: AppSettings["updates"] } | { problem: MessageKey } {
  const feed = values.feedUrl.trim();
  if (feed !== "" && !updateFeedSchema.safeParse(feed).success)
    return { problem: "settings.updateFeedInvalid" };
  const quietHour = values.quietHour.trim();
  if (!updateSettingsSchema.shape.quietHour.safeParse(quietHour).success) {
    return { problem: "settings.quietHourInvalid" };
  }
  return { logLevel: values.logLevel, updates: { feedUrl: feed === "" ? null : feed, quietHour } };
}

const levelLabels: Record<LogLevel, MessageKey> = {
  error: "settings.logError",
  warn: "settings.logWarn",
  info: "settings.logInfo",
  debug: "settings.logDebug",
};

export function UpkeepFields(props: {
  formId: string;
  value: UpkeepValues;
  onValue: (value: UpkeepValues) => void;
  saveDiagnostics?: () => Promise<IpcResult<{ file: string }>>;
}) {
  const { t } = useI18n();
  const { value, onValue } = props;
  const levelId = `${props.formId}-logLevel`;
  return (
    <fieldset>
      <legend>{t("settings.upkeep")}</legend>
      <div className="field">
        <label htmlFor={levelId}>{t("settings.logLevel")}</label>
        <select
          id={levelId}
          value={value.logLevel}
          onChange={(event) => onValue({ ...value, logLevel: event.target.value as LogLevel })}
        >
          {logLevels.map((level) => (
            <option key={level} value={level}>
              {t(levelLabels[level])}
            </option>
          ))}
        </select>
      </div>
      <TextField
        formId={props.formId}
        name="updateFeed"
        type="url"
        label={t("settings.updateFeed")}
        value={value.feedUrl}
        onValue={(feedUrl) => onValue({ ...value, feedUrl })}
      />
      <TextField
        formId={props.formId}
        name="quietHour"
        label={t("settings.quietHour")}
        value={value.quietHour}
        onValue={(quietHour) => onValue({ ...value, quietHour })}
      />
      {props.saveDiagnostics && <DiagnosticsButton save={props.saveDiagnostics} />}
    </fieldset>
  );
}

type Saving =
  | { state: "idle" }
  | { state: "saving" }
  | { state: "done"; result: IpcResult<{ file: string }> };

function DiagnosticsButton(props: { save: () => Promise<IpcResult<{ file: string }>> }) {
  const { t } = useI18n();
  const [saving, setSaving] = useState<Saving>({ state: "idle" });
  async function save() {
    setSaving({ state: "saving" });
    setSaving({ state: "done", result: await props.save() });
  }
  const result = saving.state === "done" ? saving.result : null;
  return (
    <div className="field">
      <button type="button" onClick={save} disabled={saving.state === "saving"}>
        {t("settings.diagnostics")}
      </button>
      <p
        className={result?.ok === false ? "form-message error" : "form-message"}
        role={result?.ok === false ? "alert" : "status"}
      >
        {saving.state === "saving" && t("settings.diagnosticsSaving")}
        {result?.ok === true && t("settings.diagnosticsSaved", { file: result.value.file })}
        {result?.ok === false && t("settings.diagnosticsFailed", { message: result.error.message })}
      </p>
    </div>
  );
}
