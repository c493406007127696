// The till's settings: service address, sync interval, stale age, request timeouts and the
// stuck-sync time, scanner thresholds, layout and prefix, the scanner's setup code, the camera, prices,
// the favourite set, the shelf labels, the log and updates, sound and language. Numbers are checked here for a plain
// message; the contract checks everything again.
import { type FormEvent, useId, useState } from "react";
import type { BranchCount } from "../../../shared/catalog/branch-count.ts";
import type { IpcResult } from "../../../shared/ipc/ipc-result.ts";
import { layoutIds, type ScannerLayout } from "../../../shared/keyboard/keystroke-reading.ts";
import type { AppSettings, SettingsChange } from "../../../shared/settings/app-settings.ts";
import { TextField } from "../forms/text-field.tsx";
import { type MessageKey, useI18n } from "../i18n/i18n.tsx";
import { CameraFields } from "./camera-fields.tsx";
import { KeySetField } from "./key-set-field.tsx";
import { LabelFields } from "./label-fields.tsx";
import { LanguageField, languageChoiceOf } from "./language-field.tsx";
import { PriceFields, priceFieldsOf, pricesFrom } from "./price-fields.tsx";
import { layoutLabel, ScannerSetup, type SetupNotice } from "./scanner-setup.tsx";
import { SerialScannerFields, serialFieldsOf, serialFrom } from "./serial-scanner-fields.tsx";
import { UpkeepFields, upkeepFrom, upkeepOf } from "./upkeep-fields.tsx";

export interface SettingsFormProps {
  settings: AppSettings;
  onSave: (change: SettingsChange) => Promise<IpcResult<AppSettings>>;
  /** The branches the catalog prices, to choose this till's from. */
  loadBranches: () => Promise<IpcResult<BranchCount[]>>;
  /** The names of the favourite sets the catalog holds, to name this till's; no field without it. */
  loadKeySets?: () => Promise<IpcResult<string[]>>;
  /** What the last scan of the setup code found, shown beside the code. */
  setupNotice?: SetupNotice | null;
  /** Saves the diagnostics file and answers where; no button without it. */
  saveDiagnostics?: () => Promise<IpcResult<{ file: string }>>;
  /** The serial ports the system lists; no serial scanner fields without it. */
  loadSerialPorts?: () => Promise<IpcResult<string[]>>;
  /** The system's language tag, which the language setting's first choice follows. */
  systemLanguage?: string;
}

const scannerLayouts: ScannerLayout[] = ["auto", "this-computer", ...layoutIds];

/**
 * The answer to the last save, kept as a message key and not as text: saving a new language
 * re-renders the screen in it, and the answer must follow.
 */
interface FormMessage {
  key: MessageKey;
  values?: Record<string, string | number>;
  error: boolean;
}

interface NumberField {
  name:
    | "syncIntervalMinutes"
    | "staleAfterHours"
    | "maxKeyGapMs"
    | "maxScanMs"
    | "minLength"
    | "connectSeconds"
    | "firstByteSeconds"
    | "wholeAnswerSeconds"
    | "syncStallMinutes"
    | "syncLimitSeconds"
    | "signInLimitSeconds"
    | "pictureCapMegabytes";
  label: MessageKey;
  /** Where the form shows it; each field is shown in exactly one place. */
  section: "sync" | "scanner" | "connection" | "pictures";
  min: number;
  max: number;
}

const numberFields: NumberField[] = [
  { name: "syncIntervalMinutes", label: "settings.syncInterval", section: "sync", min: 0, max: 1440 },
  { name: "staleAfterHours", label: "settings.staleAfter", section: "sync", min: 1, max: 720 },
  { name: "maxKeyGapMs", label: "settings.maxGap", section: "scanner", min: 5, max: 1000 },
  { name: "maxScanMs", label: "settings.maxScan", section: "scanner", min: 20, max: 5000 },
  { name: "minLength", label: "settings.minLength", section: "scanner", min: 1, max: 64 },
  { name: "connectSeconds", label: "settings.connectTimeout", section: "connection", min: 1, max: 300 },
  { name: "firstByteSeconds", label: "settings.firstByteTimeout", section: "connection", min: 1, max: 600 },
  { name: "wholeAnswerSeconds", label: "settings.answerTimeout", section: "connection", min: 1, max: 3600 },
  { name: "syncStallMinutes", label: "settings.syncStall", section: "connection", min: 1, max: 120 },
  { name: "syncLimitSeconds", label: "settings.syncLimit", section: "connection", min: 10, max: 3600 },
  { name: "signInLimitSeconds", label: "settings.signInLimit", section: "connection", min: 10, max: 600 },
  { name: "pictureCapMegabytes", label: "settings.pictureCap", section: "pictures", min: 1, max: 100_000 },
];

const scannerTextFields: [keyof ScannerText, MessageKey][] = [
  ["triggerKey", "settings.triggerKey"],
  ["prefix", "settings.prefix"],
  ["suffix", "settings.suffix"],
  ["groupSeparator", "settings.groupSeparator"],
];

type ScannerText = Pick<AppSettings["scanner"], "triggerKey" | "prefix" | "suffix" | "groupSeparator">;

function numbersOf(settings: AppSettings): Record<NumberField["name"], string> {
  return {
    syncIntervalMinutes: String(settings.syncIntervalMinutes),
    staleAfterHours: String(settings.staleAfterHours),
    maxKeyGapMs: String(settings.scanner.maxKeyGapMs),
    maxScanMs: String(settings.scanner.maxScanMs),
    minLength: String(settings.scanner.minLength),
    connectSeconds: String(settings.requestTimeouts.connectSeconds),
    firstByteSeconds: String(settings.requestTimeouts.firstByteSeconds),
    wholeAnswerSeconds: String(settings.requestTimeouts.wholeAnswerSeconds),
    syncStallMinutes: String(settings.syncStallMinutes),
    syncLimitSeconds: String(settings.timeLimits.syncSeconds),
    signInLimitSeconds: String(settings.timeLimits.signInSeconds),
    pictureCapMegabytes: String(settings.images.capMegabytes),
  };
}

export function SettingsForm(props: SettingsFormProps) {
  const { t } = useI18n();
  const id = useId();
  const { settings } = props;
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl ?? "");
  const [numbers, setNumbers] = useState(() => numbersOf(settings));
  const [scannerText, setScannerText] = useState<ScannerText>({
    triggerKey: settings.scanner.triggerKey,
    prefix: settings.scanner.prefix,
    suffix: settings.scanner.suffix,
    groupSeparator: settings.scanner.groupSeparator,
  });
  const [sound, setSound] = useState(settings.sound);
  const [camera, setCamera] = useState(settings.camera);
  const [pictures, setPictures] = useState(settings.images.enabled);
  const [prices, setPrices] = useState(() => priceFieldsOf(settings.prices));
  const [keySet, setKeySet] = useState(settings.favouriteSet ?? "");
  const [shelfLabels, setShelfLabels] = useState(settings.shelfLabels);
  const [upkeep, setUpkeep] = useState(() => upkeepOf(settings));
  const [serial, setSerial] = useState(() => serialFieldsOf(settings.serialScanner));
  const [language, setLanguage] = useState(() => languageChoiceOf(settings.language));
  const [layout, setLayout] = useState<ScannerLayout>(settings.scanner.layout);
  const [message, setMessage] = useState<FormMessage | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed: Partial<Record<NumberField["name"], number>> = {};
    for (const field of numberFields) {
      const value = Number(numbers[field.name].trim());
      if (
        numbers[field.name].trim() === "" ||
        !Number.isInteger(value) ||
        value < field.min ||
        value > field.max
      ) {
        const values = { field: t(field.label), min: field.min, max: field.max };
        setMessage({ key: "settings.number", values, error: true });
        return;
      }
      parsed[field.name] = value;
    }
    const priceChange = pricesFrom(prices);
    if (priceChange === null) {
      setMessage({ key: "settings.currencyInvalid", error: true });
      return;
    }
    const upkeepChange = upkeepFrom(upkeep);
    if ("problem" in upkeepChange) {
      setMessage({ key: upkeepChange.problem, error: true });
      return;
    }
    const change: SettingsChange = {
      baseUrl: baseUrl.trim() === "" ? null : baseUrl.trim(),
      syncIntervalMinutes: parsed.syncIntervalMinutes,
      staleAfterHours: parsed.staleAfterHours,
      requestTimeouts: {
        connectSeconds: parsed.connectSeconds ?? settings.requestTimeouts.connectSeconds,
        firstByteSeconds: parsed.firstByteSeconds ?? settings.requestTimeouts.firstByteSeconds,
        wholeAnswerSeconds: parsed.wholeAnswerSeconds ?? settings.requestTimeouts.wholeAnswerSeconds,
      },
      syncStallMinutes: parsed.syncStallMinutes,
      timeLimits: {
        syncSeconds: parsed.syncLimitSeconds ?? settings.timeLimits.syncSeconds,
        signInSeconds: parsed.signInLimitSeconds ?? settings.timeLimits.signInSeconds,
      },
      scanner: {
        ...settings.scanner,
        ...scannerText,
        layout,
        maxKeyGapMs: parsed.maxKeyGapMs ?? settings.scanner.maxKeyGapMs,
        maxScanMs: parsed.maxScanMs ?? settings.scanner.maxScanMs,
        minLength: parsed.minLength ?? settings.scanner.minLength,
      },
      sound,
      camera,
      language,
      prices: priceChange,
      serialScanner: serialFrom(serial),
      favouriteSet: keySet === "" ? null : keySet,
      shelfLabels,
      images: {
        enabled: pictures,
        capMegabytes: parsed.pictureCapMegabytes ?? settings.images.capMegabytes,
      },
      ...upkeepChange,
    };
    const result = await props.onSave(change);
    setMessage(
      result.ok
        ? { key: "settings.saved", error: false }
        : { key: "settings.failed", values: { message: result.error.message }, error: true },
    );
  }

  const input = (name: string, label: string, value: string, set: (value: string) => void) => (
    <TextField key={name} formId={id} name={name} label={label} value={value} onValue={set} />
  );
  const numberInput = (field: NumberField) => (
    <TextField
      key={field.name}
      formId={id}
      name={field.name}
      label={t(field.label)}
      value={numbers[field.name]}
      onValue={(value) => setNumbers({ ...numbers, [field.name]: value })}
      inputMode="numeric"
    />
  );
  const numberFieldsIn = (section: NumberField["section"]) =>
    numberFields.filter((field) => field.section === section).map(numberInput);

  return (
    <form className="settings" onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("settings.heading")}</h2>
      {input("baseUrl", t("settings.baseUrl"), baseUrl, setBaseUrl)}
      {numberFieldsIn("sync")}
      <fieldset>
        <legend>{t("settings.scanner")}</legend>
        {numberFieldsIn("scanner")}
        <div className="field">
          <label htmlFor={`${id}-layout`}>{t("settings.layout")}</label>
          <select
            id={`${id}-layout`}
            value={layout}
            onChange={(event) => setLayout(event.target.value as ScannerLayout)}
          >
            {scannerLayouts.map((value) => (
              <option key={value} value={value}>
                {t(layoutLabel(value))}
              </option>
            ))}
          </select>
        </div>
        {scannerTextFields.map(([name, label]) =>
          input(name, t(label), scannerText[name], (value) =>
            setScannerText({ ...scannerText, [name]: value }),
          ),
        )}
        <ScannerSetup notice={props.setupNotice ?? null} />
      </fieldset>
      <CameraFields formId={id} value={camera} onValue={setCamera} />
      {props.loadSerialPorts && (
        <SerialScannerFields
          formId={id}
          value={serial}
          onValue={setSerial}
          loadPorts={props.loadSerialPorts}
        />
      )}
      <fieldset>
        <legend>{t("settings.connection")}</legend>
        {numberFieldsIn("connection")}
      </fieldset>
      <fieldset>
        <legend>{t("settings.pictures")}</legend>
        <div className="field checkbox">
          <input
            id={`${id}-pictures`}
            type="checkbox"
            checked={pictures}
            onChange={(event) => setPictures(event.target.checked)}
          />
          <label htmlFor={`${id}-pictures`}>{t("settings.picturesOn")}</label>
        </div>
        {numberFieldsIn("pictures")}
      </fieldset>
      <PriceFields formId={id} value={prices} onValue={setPrices} loadBranches={props.loadBranches} />
      {props.loadKeySets && (
        <KeySetField formId={id} value={keySet} onValue={setKeySet} loadSetNames={props.loadKeySets} />
      )}
      <LabelFields formId={id} value={shelfLabels} onValue={setShelfLabels} />
      <UpkeepFields formId={id} value={upkeep} onValue={setUpkeep} saveDiagnostics={props.saveDiagnostics} />
      <div className="field checkbox">
        <input
          id={`${id}-sound`}
          type="checkbox"
          checked={sound}
          onChange={(event) => setSound(event.target.checked)}
        />
        <label htmlFor={`${id}-sound`}>{t("settings.sound")}</label>
      </div>
      <LanguageField
        formId={id}
        value={language}
        onValue={setLanguage}
        systemLanguage={props.systemLanguage ?? "en"}
      />
      <button type="submit">{t("settings.save")}</button>
      <p
        className={message?.error ? "form-message error" : "form-message"}
        role={message?.error ? "alert" : "status"}
      >
        {message && t(message.key, message.values)}
      </p>
    </form>
  );
}
