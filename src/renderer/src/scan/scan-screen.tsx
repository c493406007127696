// The home screen, ready for a scan at once and offline too: a code field that also takes typed
// codes, the camera's button and preview, a live region announcing each answer, and the result card with its inspector; beside them,
// when the host keeps one, the scan history.
import { type FormEvent, useId, useState } from "react";
import { CameraPanel, type CameraPanelProps } from "../camera/camera-panel.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { errorText } from "../status/error-text.ts";
import { type CatalogFreshness, ResultCard } from "./result-card.tsx";
import { ScanHistory, type ScanHistoryProps } from "./scan-history.tsx";
import type { LookupState } from "./use-lookup.ts";

export interface ScanScreenProps extends LookupState {
  freshness: CatalogFreshness | null;
  /** Where the page loads a cached picture from, by its hash; without it no picture is shown. */
  pictureAddress?: (hash: string) => string;
  onLookup: (code: string) => void;
  onSearch: (text: string) => void;
  history?: ScanHistoryProps;
  /** The camera as a scanner; no camera button without it. */
  camera?: CameraPanelProps;
}

export function ScanScreen(props: ScanScreenProps) {
  const { t } = useI18n();
  const id = useId();
  const [code, setCode] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === "") return;
    props.onLookup(code);
    setCode("");
  }

  const { answer } = props;
  const announcement = props.pending
    ? t("scan.lookingUp", { code: props.pending })
    : props.error
      ? t("scan.failed", { message: errorText(props.error, t) })
      : answer
        ? answer.match
          ? t("result.found", { name: answer.match.product.name })
          : t("notFound.heading", { code: answer.code.normalised || answer.query })
        : t("scan.ready");

  return (
    <section className="scan-screen" aria-labelledby={`${id}-heading`}>
      <div className="scan-main">
        <h2 id={`${id}-heading`}>{t("scan.heading")}</h2>
        <form onSubmit={submit} className="code-form">
          <label htmlFor={`${id}-code`}>{t("scan.codeLabel")}</label>
          <input
            id={`${id}-code`}
            name="code"
            autoComplete="off"
            // biome-ignore lint/a11y/noAutofocus: the till's home screen takes a typed code straight away
            autoFocus
            value={code}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit">{t("scan.lookUp")}</button>
          <p id={`${id}-hint`} className="hint">
            {t("scan.hint")}
          </p>
        </form>
        {props.camera && <CameraPanel {...props.camera} />}
        <p className="scan-announcement" role="status" aria-live="polite">
          {announcement}
        </p>
        {answer && (
          <ResultCard
            answer={answer}
            freshness={props.freshness}
            pictureAddress={props.pictureAddress}
            onSearch={props.onSearch}
          />
        )}
      </div>
      {props.history && <ScanHistory {...props.history} />}
    </section>
  );
}
