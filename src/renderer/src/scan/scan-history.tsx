// The scan history beside the scan screen: each of the session's last scans as a button that shows
// its answer again, newest at the top. Time and price in tabular figures, so a column reads at a glance.
import { useId } from "react";
import { type I18n, useI18n } from "../i18n/i18n.tsx";
import { errorText } from "../status/error-text.ts";
import type { ScanOrigin } from "./scan-origin.ts";
import type { ScanEntry } from "./use-scan-history.ts";

export interface ScanHistoryProps {
  entries: readonly ScanEntry[];
  /** Show this code's answer again (looked up afresh: the price is today's). */
  onReopen: (code: string, origin: ScanOrigin) => void;
}

export function ScanHistory(props: ScanHistoryProps) {
  const i18n = useI18n();
  const id = useId();
  return (
    <section className="scan-history" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{i18n.t("history.heading")}</h2>
      {props.entries.length === 0 ? (
        <p className="hint">{i18n.t("history.empty")}</p>
      ) : (
        <ol className="history-list">
          {props.entries.map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                className={`history-entry ${entry.outcome.kind}`}
                onClick={() => props.onReopen(entry.code, entry.origin)}
              >
                <EntryText entry={entry} i18n={i18n} />
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function EntryText({ entry, i18n }: { entry: ScanEntry; i18n: I18n }) {
  const { t, money, timeOfDay } = i18n;
  const { outcome } = entry;
  const code = entry.code.replaceAll("\x1d", "<GS>");
  const what =
    outcome.kind === "found"
      ? outcome.name
      : t(outcome.kind === "failed" ? "history.failed" : "history.notFound");
  const why =
    outcome.kind === "not-found"
      ? t(`history.reason.${outcome.reason}`)
      : outcome.kind === "failed"
        ? errorText(outcome.error, t)
        : null;
  const price =
    outcome.kind !== "found"
      ? ""
      : outcome.askPrice
        ? t("history.enterPrice")
        : outcome.price
          ? money(outcome.price.amount, outcome.price.currency)
          : "";
  return (
    <>
      <span className="history-name">{what}</span>
      <span className="history-price">{price}</span>
      <span className="history-when">
        {[timeOfDay(entry.at), code, why].filter(Boolean).join(" · ")}
        {/* The usual source goes without saying; a camera's or serial scanner's scan says so. */}
        {entry.origin.source !== "keyboard" && (
          <span className="history-source"> · {t(`history.source.${entry.origin.source}`)}</span>
        )}
      </span>
    </>
  );
}
