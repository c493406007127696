// The catalog core and session as the CLI drives them, each call that a till's log should show
// reported to the catalog log on its way through. The desktop app's catalog service reports its own
// events (it runs syncs in a worker, not through the core's sync).
import type { CatalogCore } from "../catalog-core.ts";
import type { Session } from "../session/session.ts";
import type { CatalogLog } from "./catalog-log.ts";

export function loggedSession(session: Session, log: CatalogLog): Session {
  const signIn = async <T extends Parameters<Session["signInApiKey"] | Session["signInOrganisation"]>[0]>(
    work: (input: T) => ReturnType<Session["signInApiKey"]>,
    input: T,
  ) => {
    try {
      const info = await work(input);
      log.signedIn(info);
      return info;
    } catch (error) {
      log.signInFailed(error);
      throw error;
    }
  };
  return {
    ...session,
    signInOrganisation: (input) => signIn(session.signInOrganisation, input),
    signInApiKey: (input) => signIn(session.signInApiKey, input),
  };
}

export function loggedCore(core: CatalogCore, log: CatalogLog): CatalogCore {
  return {
    ...core,
    async sync(options = {}) {
      const syncLog = log.syncStarted(options.full ? "full" : "incremental");
      try {
        const summary = await core.sync({
          ...options,
          onProgress(progress) {
            syncLog.page(progress);
            options.onProgress?.(progress);
          },
        });
        syncLog.finished(summary);
        return summary;
      } catch (error) {
        syncLog.failed(error);
        throw error;
      }
    },
    async status() {
      const status = await core.status();
      log.catalogProblem(status.catalogProblem);
      return status;
    },
    async check() {
      const check = await core.check();
      if (check.problem !== null) log.catalogProblem({ kind: "damaged", message: check.problem });
      return check;
    },
    async signOut(options) {
      await core.signOut(options);
      log.signedOut();
    },
    images: {
      ...core.images,
      async run(options) {
        try {
          const summary = await core.images.run(options);
          log.picturesDone(summary);
          return summary;
        } catch (error) {
          log.picturesFailed(error);
          throw error;
        }
      },
    },
  };
}
