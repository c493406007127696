// How current the till's catalog is, at a glance: online or not, "catalog as of" (out of date
// highlighted), how many products against the service's count, the sync's progress with its ETA,
// the product pictures held offline (or their download's progress),
// the last error in plain words, a damaged or read-only catalog, a till clock that is off, an app
// update ready to install, a sync button, and who is signed in until when. Always one line at the foot of the screen: what does not
// fit ends in "…", and the whole text unfolds upwards on hover or when the keyboard focuses it.
import type { AppStatus } from "../../../shared/catalog/app-status.ts";
import { clockOffWarning } from "../../../shared/catalog/catalog-status.ts";
import type { ImageCacheStatus } from "../../../shared/catalog/product-pictures.ts";
import type { ServiceWait } from "../../../shared/catalog/service-wait.ts";
import { type SessionInfo, signedInAs } from "../../../shared/catalog/session-info.ts";
import type { SyncProgress } from "../../../shared/catalog/sync-progress.ts";
import type { IpcError } from "../../../shared/ipc/ipc-result.ts";
import type { SerialStatus } from "../../../shared/serial/serial-events.ts";
import { type Translate, useI18n } from "../i18n/i18n.tsx";
import { errorText } from "./error-text.ts";

export interface StatusBarProps {
  status: AppStatus | null;
  progress: SyncProgress | null;
  session: SessionInfo | null;
  /** The main side itself did not answer. */
  fault?: IpcError | null;
  onSync: () => void;
  onCancel?: () => void;
  /** The serial scanner's port; nothing is shown without one. */
  serial?: SerialStatus | null;
}

export function StatusBar(props: StatusBarProps) {
  const { t } = useI18n();
  const { status, session } = props;
  const running = status?.sync.running ?? false;
  return (
    <section className="status-bar" aria-label={t("status.label")}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the keyboard's way to the text cut short */}
      <div className="status-text" tabIndex={0}>
        <div className="status-items">
          <StatusItems {...props} />
        </div>
      </div>
      {running && props.onCancel ? (
        <button type="button" onClick={props.onCancel}>
          {t("status.cancel")}
        </button>
      ) : (
        <button type="button" onClick={props.onSync} disabled={running || !session}>
          {t("status.sync")}
        </button>
      )}
    </section>
  );
}

function StatusItems(props: StatusBarProps) {
  const { t, integer, dateTime, span } = useI18n();
  const { status, session } = props;
  const progress = props.progress ?? status?.sync.progress ?? null;
  const running = status?.sync.running ?? false;
  // "Sign in again" is moot once someone is signed in, though the error may stay until the next sync.
  const signInAnswered = status?.lastError?.kind === "sign-in-required" && status.session === "signed-in";
  const lastError = props.fault ?? (signInAnswered ? null : status?.lastError) ?? null;
  return (
    <>
      <span className={`online ${status?.online === false ? "is-offline" : "is-online"}`} role="status">
        {status?.online === true
          ? t("status.online")
          : status?.online === false
            ? t("status.offline")
            : t("status.unknown")}
      </span>
      {status && (
        <span className={status.freshness.stale ? "freshness stale" : "freshness"}>
          {status.freshness.catalogAsOf
            ? t("status.asOf", { time: dateTime(status.freshness.catalogAsOf) })
            : t("status.never")}
          {status.freshness.stale && status.freshness.catalogAsOf && <strong> ({t("status.stale")})</strong>}
          {status.syncUnfinished && !running && <strong> ({t("status.unfinished")})</strong>}
        </span>
      )}
      {status && (
        <span className="product-count">
          {t("status.products", { count: status.products })}
          {status.mismatch && status.serverTotal !== null && (
            <strong className="mismatch">
              {" "}
              ({t("status.mismatch", { total: integer(status.serverTotal) })})
            </strong>
          )}
        </span>
      )}
      {status?.prices.branch && (
        <span className="branch">
          {t("status.branch", { branch: status.branchName ?? status.prices.branch })}
        </span>
      )}
      {props.serial && <SerialScannerView serial={props.serial} t={t} />}
      {running && <SyncProgressView progress={progress} />}
      {status?.waiting && <WaitingView wait={status.waiting} t={t} />}
      {status && <PicturesView images={status.images} />}
      {status?.catalogProblem && (
        <span className="catalog-problem" role="alert">
          {errorText(status.catalogProblem, t)}
        </span>
      )}
      {status && <ClockWarning offsetMs={clockOffWarning(status)} span={span} t={t} />}
      {status?.updateReady && (
        <span className="update-ready" role="status">
          {t("status.updateReady", { version: status.updateReady })}
        </span>
      )}
      {lastError && (
        <span className="last-error" role="alert">
          {t("status.lastError", { message: errorText(lastError, t) })}
        </span>
      )}
      <span className="session">
        {session
          ? t("status.signedIn", { user: sessionUser(session), time: dateTime(session.expiresAt) })
          : t("status.signedOut")}
      </span>
    </>
  );
}

/** The pictures held offline, or how far their download has got; nothing when pictures are off. */
function PicturesView(props: { images: ImageCacheStatus }) {
  const { t, integer } = useI18n();
  const { images } = props;
  const { progress } = images;
  // Nothing to count yet: no picture named, or a run for a catalog just signed in to not yet started.
  if (!images.enabled || (images.wanted === 0 && progress === null)) return null;
  return (
    <span className="pictures" title={images.problem ?? undefined}>
      {images.running && progress
        ? t("status.picturesLoading", {
            done: integer(progress.fetched + progress.failed),
            total: integer(progress.toFetch),
          })
        : t("status.pictures", { cached: integer(images.cached), wanted: integer(images.wanted) })}
      {images.problem && <strong> ({t("status.picturesProblem")})</strong>}
    </span>
  );
}

/** A serial scanner's port: said when it goes away and when it is back, so a cashier knows to check it. */
function SerialScannerView(props: { serial: SerialStatus; t: Translate }) {
  const { serial, t } = props;
  if (serial.state === "off" || serial.port === null) return null;
  const lost = serial.state === "disconnected";
  return (
    <span
      className={lost ? "serial-scanner lost" : "serial-scanner"}
      role={lost ? "alert" : "status"}
      title={serial.detail ?? undefined}
    >
      {t(`status.serial.${serial.state}`, { port: serial.port })}
    </span>
  );
}

/** The till's clock against the service's, when it is off enough to mislead a person reading it. */
function ClockWarning(props: { offsetMs: number | null; span: (ms: number) => string; t: Translate }) {
  const { offsetMs, span, t } = props;
  if (offsetMs === null) return null;
  // A positive offset: the service is ahead, so the till's clock is behind.
  const key = offsetMs > 0 ? "status.clockBehind" : "status.clockAhead";
  return (
    <span className="clock-warning" role="alert">
      {t(key, { span: span(offsetMs) })}
    </span>
  );
}

/** A sync or sign-in waiting on a silent service, said while it waits, not only once it gives up. */
function WaitingView(props: { wait: ServiceWait; t: Translate }) {
  const { wait, t } = props;
  const values = { host: wait.host, waited: wait.waitedSeconds, left: wait.giveUpSeconds };
  return (
    <span className="service-waiting" role="status">
      {t(wait.phase === "no-answer" ? "status.notAnswering" : "status.notFinishing", values)}
    </span>
  );
}

function SyncProgressView(props: { progress: SyncProgress | null }) {
  const { t, integer, duration } = useI18n();
  const { progress } = props;
  const done = progress?.done ?? 0;
  const total = progress?.total ?? null;
  const label =
    total === null
      ? t("status.syncingNoTotal", { done })
      : t("status.syncing", { done: integer(done), total: integer(total) });
  return (
    <span className="sync-progress">
      <progress
        aria-label={t("status.syncProgress")}
        max={total ?? undefined}
        value={total === null ? undefined : Math.min(done, total)}
      />
      <span>{label}</span>
      {progress?.etaSeconds != null && (
        <span> · {t("status.eta", { time: duration(progress.etaSeconds) })}</span>
      )}
    </span>
  );
}

export function sessionUser(session: SessionInfo): string {
  return `${signedInAs(session)} (${session.account.name ?? session.account.id})`;
}
