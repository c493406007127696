// The catalog as the screens see it: the window.catalog API (or a host app's own), plus the status,
// session and settings it reports, kept current by its events. Every screen reads from here.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { AppStatus } from "../../../shared/catalog/app-status.ts";
import type { SessionInfo } from "../../../shared/catalog/session-info.ts";
import type { SyncProgress } from "../../../shared/catalog/sync-progress.ts";
import type { CatalogApi } from "../../../shared/ipc/catalog-api.ts";
import type { IpcError, IpcResult } from "../../../shared/ipc/ipc-result.ts";
import type { AppSettings, SettingsChange } from "../../../shared/settings/app-settings.ts";
import { reportScreenErrors } from "./report-screen-errors.ts";

export interface CatalogState {
  api: CatalogApi;
  status: AppStatus | null;
  /** The running sync's last progress; null when none runs. */
  progress: SyncProgress | null;
  session: SessionInfo | null;
  settings: AppSettings | null;
  /** A call to the API failed outright (the main side is gone); shown in the status bar. */
  fault: IpcError | null;
  /** Reads status and session again, after a sign-in or sign-out. */
  refresh(): Promise<void>;
  changeSettings(change: SettingsChange): Promise<IpcResult<AppSettings>>;
}

const CatalogContext = createContext<CatalogState | null>(null);

/** A call that rejects (the transport broke) becomes an error value like any other. */
export async function settled<T>(call: Promise<IpcResult<T>>): Promise<IpcResult<T>> {
  try {
    return await call;
  } catch {
    return {
      ok: false,
      error: { kind: "internal", message: "The catalog app is not answering. Restart it if this lasts." },
    };
  }
}

export function CatalogProvider(props: { api: CatalogApi; children: ReactNode }) {
  const { api } = props;
  const [status, setStatus] = useState<AppStatus | null>(null);
  const [progress, setProgress] = useState<SyncProgress | null>(null);
  const [session, setSession] = useState<SessionInfo | null>(null);
  const [settings, setSettings] = useState<AppSettings | null>(null);
  const [fault, setFault] = useState<IpcError | null>(null);

  useEffect(() => reportScreenErrors(window, api), [api]);

  const refresh = useCallback(async () => {
    const [nextStatus, nextSession] = await Promise.all([settled(api.status()), settled(api.sessionInfo())]);
    if (nextStatus.ok) setStatus(nextStatus.value);
    if (nextSession.ok) setSession(nextSession.value);
    const failed = !nextStatus.ok ? nextStatus.error : !nextSession.ok ? nextSession.error : null;
    setFault(failed);
  }, [api]);

  useEffect(() => {
    const stopStatus = api.onStatusChanged((next) => {
      setStatus(next);
      if (!next.sync.running) setProgress(null);
      // A renewal or an ended session changes who is signed in; the status says so first.
      void settled(api.sessionInfo()).then((result) => result.ok && setSession(result.value));
    });
    const stopProgress = api.onSyncProgress(setProgress);
    void refresh();
    void settled(api.settings()).then((result) => result.ok && setSettings(result.value));
    return () => {
      stopStatus();
      stopProgress();
    };
  }, [api, refresh]);

  const changeSettings = useCallback(
    async (change: SettingsChange) => {
      const result = await settled(api.changeSettings(change));
      if (result.ok) setSettings(result.value);
      return result;
    },
    [api],
  );

  const value = useMemo(
    () => ({ api, status, progress, session, settings, fault, refresh, changeSettings }),
    [api, status, progress, session, settings, fault, refresh, changeSettings],
  );
  return <CatalogContext.Provider value={value}>{props.children}</CatalogContext.Provider>;
}

export function useCatalog(): CatalogState {
  const state = useContext(CatalogContext);
  if (state === null) throw new Error("useCatalog needs a CatalogProvider around the screens");
  return state;
}
