// Signing in (by organisation or API key), moving to a new service address and signing out: each
// stops a running sync and picture run first (they belong to the session that is ending), runs
// inside its time limit, and leaves the settings, the status and the log saying what happened.
import type { SessionInfo } from "../../shared/catalog/session-info.ts";
import type { AppSettings } from "../../shared/settings/app-settings.ts";
import type { CatalogLog } from "../logging/catalog-log.ts";
import type { Session } from "../session/session.ts";
import type { AppState } from "./app-state.ts";
import type { CatalogApp } from "./catalog-app.ts";
import type { CatalogCore } from "./catalog-core.ts";
import type { Connectivity } from "./connectivity.ts";
import type { PictureRuns } from "./picture-runs.ts";
import type { ServiceLimits } from "./service-limits.ts";
import type { SyncRuns } from "./sync-runs.ts";
import type { SyncSchedule } from "./sync-schedule.ts";

export interface SignInFlowDeps {
  state: AppState;
  session: Session;
  core: CatalogCore;
  syncs: SyncRuns;
  pictures: PictureRuns;
  limits: ServiceLimits;
  connectivity: Connectivity;
  schedule: SyncSchedule;
  saveSettings: (settings: AppSettings) => Promise<void>;
  refreshKnown: () => Promise<void>;
  emitStatus: () => void;
  fault: (what: string, error: unknown) => void;
  rememberUnavailable: string | null;
  log?: CatalogLog;
}

export type SignInFlow = Pick<CatalogApp, "signInOrganisation" | "signInApiKey" | "moveService" | "signOut">;

export function createSignInFlow(deps: SignInFlowDeps): SignInFlow {
  const { state, session, log } = deps;
  const remembered = (remember: boolean) => remember && deps.rememberUnavailable === null;

  /** Nothing of the session that ends runs on: its sync and its picture run stop and end first. */
  async function endRunningWork(): Promise<void> {
    await deps.syncs.stop();
    await deps.pictures.stopped();
  }

  async function signingIn<T>(what: "sign-in" | "move", work: () => Promise<T>): Promise<T> {
    await endRunningWork();
    try {
      return await deps.limits.within(what, work);
    } catch (error) {
      log?.signInFailed(error);
      deps.connectivity.report(error);
      throw error;
    }
  }

  async function signedIn(info: SessionInfo, signIn: AppSettings["signIn"]): Promise<SessionInfo> {
    log?.signedIn(info);
    deps.connectivity.report(null);
    // "Sign in again" and the like no longer hold once someone has.
    state.lastError = null;
    state.settings = { ...state.settings, baseUrl: info.baseUrl, signIn };
    await deps.saveSettings(state.settings);
    // What the last session's picture runs failed or gave up on is not held against this one.
    deps.core.images.newSession();
    await deps.refreshKnown();
    deps.emitStatus();
    void deps.schedule.background();
    return info;
  }

  /**
   * A new service address while signed in: the session moves there once the service answers there
   * (it moved to another host or port), keeping the catalog; otherwise nothing changes and the
   * person is told why.
   */
  async function moveService(baseUrl: string): Promise<SessionInfo> {
    const info = await signingIn("move", () => session.moveTo(baseUrl));
    state.sessionBaseUrl = baseUrl;
    deps.core.images.newSession();
    void deps.schedule.background();
    return info;
  }

  return {
    async signInOrganisation({ baseUrl, organisation, username, password, remember }) {
      const info = await signingIn("sign-in", () =>
        session.signInOrganisation({
          baseUrl,
          organisation,
          username,
          password,
          remember: remembered(remember),
        }),
      );
      return signedIn(info, { method: "organisation", organisation, username });
    },

    async signInApiKey({ baseUrl, accountId, apiKey, remember }) {
      const info = await signingIn("sign-in", () =>
        session.signInApiKey({ baseUrl, accountId, apiKey, remember: remembered(remember) }),
      );
      return signedIn(info, { method: "api-key", accountId });
    },

    moveService,

    async signOut(argument) {
      await endRunningWork();
      // The catalog stays on the till and keeps answering unless asked to go too.
      await deps.core.signOut({ forgetCatalog: argument?.forgetCatalog ?? false });
      log?.signedOut();
      await deps.refreshKnown().catch((error: unknown) => deps.fault("status", error));
      deps.emitStatus();
      return null;
    },
  };
}
