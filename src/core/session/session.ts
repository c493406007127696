// The signed-in session: a token reused until shortly before `expires_at`, across restarts, renewed
// unattended when the person chose to remember their credentials. Secrets stay in the SecretStore.
import { AppError, isAppError } from "../../shared/app-error.ts";
import type { SessionInfo, SessionState } from "../../shared/catalog/session-info.ts";
import { accountPathSegment } from "../api/account-path.ts";
import type { Auth, CommerceClient } from "../api/commerce-client.ts";
import type { RecordStore } from "../storage/record-store.ts";
import type { SecretStore } from "../storage/secret-store.ts";
import type { ServiceTime } from "./service-time.ts";
import { identityOf, type LoginIdentity, recordFromLogin } from "./session-record.ts";

export interface Session {
  signInOrganisation(input: {
    baseUrl: string;
    organisation: string;
    username: string;
    password: string;
    remember: boolean;
  }): Promise<SessionInfo>;
  signInApiKey(input: {
    baseUrl: string;
    accountId: string;
    apiKey: string;
    remember: boolean;
  }): Promise<SessionInfo>;
  /**
   * Forgets the token and any stored credentials. Who was signed in is kept (marked signed out), so
   * the last catalog stays readable on this till, unless `forget` asks to remove that too.
   */
  signOut(options?: { forget?: boolean }): Promise<void>;
  /** Who is signed in; null when nobody is (never, or signed out). */
  info(): Promise<SessionInfo | null>;
  /** Signed in, expired or signed out, with the last record (kept after a sign-out) when there is one. */
  state(): Promise<{ state: SessionState; record: SessionInfo | null }>;
  /**
   * The last record alone, signed out or not: whose catalog this till reads. Every scan asks, so it
   * leaves the secrets alone (state() reads them too).
   */
  lastRecord(): Promise<SessionInfo | null>;
  /**
   * Moves the session to the service's new address (a changed port or host), keeping the sign-in,
   * once the service there has answered for this account with it.
   */
  moveTo(baseUrl: string): Promise<SessionInfo>;
  /** Runs work with a valid token; a 401 in the middle gets one renewal and one retry. */
  authorised<T>(work: (auth: Auth, client: CommerceClient) => Promise<T>): Promise<T>;
}

export interface SessionDeps {
  /** Who is signed in, where, until when: no secrets, so it may live in a plain file. */
  records: RecordStore<SessionInfo>;
  secrets: SecretStore;
  /** May load the client on first use, so a process that only reads the catalog never loads it. */
  createClient: (baseUrl: string) => CommerceClient | Promise<CommerceClient>;
  /**
   * The service's time, on which the token's expiry is judged; the clients made by createClient
   * should report their answers' dates to it (observeServiceDates).
   */
  time: ServiceTime;
  /** A token this close to its expiry is treated as expired, so it cannot lapse mid-request. */
  skewMs?: number;
}

const tokenName = "commerce.token";
/** The password or API key, whichever the record's method uses. */
const credentialName = "commerce.credential";

interface Current {
  record: SessionInfo;
  token: string;
}

export function createSession(deps: SessionDeps): Session {
  const skewMs = deps.skewMs ?? 60_000;
  // Parallel calls that all find the token expired share one login.
  let renewing: Promise<Current> | null = null;

  async function logIn(identity: LoginIdentity, credential: string, remember: boolean): Promise<Current> {
    refuseBlank(identity, credential);
    const client = await deps.createClient(identity.baseUrl);
    const result =
      identity.method === "organisation"
        ? await client.loginOrganisation({
            organisation: identity.organisation,
            username: identity.username,
            password: credential,
          })
        : await client.loginApiKey({ id: identity.accountId, api_key: credential });
    const record = { ...recordFromLogin(result, identity, remember), clockOffsetMs: deps.time.offsetMs() };
    await deps.secrets.set(tokenName, result.token);
    if (remember) await deps.secrets.set(credentialName, credential);
    else await deps.secrets.delete(credentialName);
    await deps.records.write(record);
    return { record, token: result.token };
  }

  async function renewUnattended(record: SessionInfo): Promise<Current> {
    const credential = record.remembered ? await deps.secrets.get(credentialName) : null;
    if (credential === null) {
      await deps.secrets.delete(tokenName);
      throw new AppError("sign-in-required", "Your session has ended. Sign in again.");
    }
    try {
      return await logIn(identityOf(record), credential, true);
    } catch (error) {
      if (!isAppError(error, "unauthorized")) throw error;
      await deps.secrets.delete(tokenName);
      throw new AppError("sign-in-required", storedCredentialRefused(record), { status: 401 });
    }
  }

  function renew(record: SessionInfo): Promise<Current> {
    renewing ??= renewUnattended(record).finally(() => {
      renewing = null;
    });
    return renewing;
  }

  /** The stored record; its clock offset serves until this process has measured one itself. */
  async function readRecord(): Promise<SessionInfo | null> {
    const record = await deps.records.read();
    deps.time.recall(record?.clockOffsetMs);
    return record;
  }

  /** Keeps a changed clock offset with the session, for the next process on this till. */
  async function keepOffset(): Promise<void> {
    const offset = deps.time.offsetMs();
    const record = await deps.records.read();
    if (record === null || offset === null || record.clockOffsetMs === offset) return;
    await deps.records.write({ ...record, clockOffsetMs: offset });
  }

  async function signedInRecord(): Promise<SessionInfo> {
    const record = await readRecord();
    if (record === null) throw new AppError("sign-in-required", "Nobody is signed in. Sign in first.");
    if (record.signedOut) {
      throw new AppError(
        "sign-in-required",
        "This till is signed out: the catalog on it can still be read, but it does not sync. Sign in to sync.",
      );
    }
    return record;
  }

  async function current(record: SessionInfo): Promise<Current> {
    const token = await deps.secrets.get(tokenName);
    if (token === null) return renew(record);
    if (deps.time.now() < Date.parse(record.expiresAt) - skewMs) return { record, token };
    // Ended by the service's time as measured here: renew while that is possible. When it is not, the
    // service has the last word (a 401 ends the session): a measurement thrown off by an answer that
    // was not really the service's (a proxy's, a captive portal's) must not end a session it honours.
    return (await renewable(record)) ? renew(record) : { record, token };
  }

  async function renewable(record: SessionInfo): Promise<boolean> {
    return record.remembered && (await deps.secrets.get(credentialName)) !== null;
  }

  async function authorisedWork<T>(work: (auth: Auth, client: CommerceClient) => Promise<T>): Promise<T> {
    const record = await signedInRecord();
    const client = await deps.createClient(record.baseUrl);
    const first = await current(record);
    try {
      return await work(authOf(first), client);
    } catch (error) {
      if (!isAppError(error, "unauthorized")) throw error;
    }
    const renewed = await renew(first.record);
    try {
      return await work(authOf(renewed), client);
    } catch (error) {
      if (!isAppError(error, "unauthorized")) throw error;
      await deps.secrets.delete(tokenName);
      throw new AppError(
        "sign-in-required",
        "The commerce service refused a fresh sign-in as well. Sign in again; if this keeps happening, ask the account administrator to check this user.",
        { status: 401 },
      );
    }
  }

  return {
    signInOrganisation: async ({ baseUrl, organisation, username, password, remember }) =>
      (await logIn({ baseUrl, method: "organisation", organisation, username }, password, remember)).record,

    signInApiKey: async ({ baseUrl, accountId, apiKey, remember }) =>
      (await logIn({ baseUrl, method: "api-key", accountId }, apiKey, remember)).record,

    async signOut(options = {}) {
      await deps.secrets.delete(tokenName);
      await deps.secrets.delete(credentialName);
      const record = await readRecord();
      if (options.forget || record === null) await deps.records.clear();
      else await deps.records.write({ ...record, remembered: false, signedOut: true });
    },

    async info() {
      const record = await readRecord();
      return record?.signedOut ? null : record;
    },

    lastRecord: readRecord,

    async state() {
      const record = await readRecord();
      if (record === null || record.signedOut) return { state: "signed-out", record };
      const token = await deps.secrets.get(tokenName);
      if (token === null) return { state: "session-expired", record };
      if (deps.time.now() < Date.parse(record.expiresAt)) return { state: "signed-in", record };
      return { state: (await renewable(record)) ? "signed-in" : "session-expired", record };
    },

    async moveTo(baseUrl) {
      const record = await signedInRecord();
      const moved = { ...record, baseUrl };
      const client = await deps.createClient(baseUrl);
      const { record: renewed, token } = await current(moved);
      await client.productsTotal(authOf({ record: renewed, token }), { deleted: false });
      await deps.records.write({ ...renewed, baseUrl });
      return { ...renewed, baseUrl };
    },

    async authorised(work) {
      try {
        return await authorisedWork(work);
      } finally {
        // Every answer measured the clocks again: a till clock that was set right (or went wrong)
        // since the sign-in is remembered. Best effort: a disk that cannot take it changes nothing here.
        await keepOffset().catch(() => undefined);
      }
    },
  };
}

/** The service would only answer "the login request is not valid": say what is missing instead. */
function refuseBlank(identity: LoginIdentity, credential: string): void {
  const missing =
    identity.method === "organisation"
      ? [
          ["organisation", identity.organisation],
          ["user name", identity.username],
          ["password", credential],
        ]
      : [
          ["account id", identity.accountId],
          ["API key", credential],
        ];
  const blank = missing.filter(([, value]) => (value ?? "").trim() === "").map(([name]) => name);
  if (blank.length > 0) {
    throw new AppError(
      "invalid-input",
      `The ${blank.join(" and the ")} cannot be empty. Type it to sign in.`,
    );
  }
}

function authOf({ record, token }: Current): Auth {
  return {
    token,
    account: accountPathSegment({ id: record.account.id, legacy_id: record.account.legacyId }),
  };
}

function storedCredentialRefused(record: SessionInfo): string {
  return record.method === "organisation"
    ? "The commerce service no longer accepts the stored password for this user. Sign in again."
    : "The commerce service no longer accepts the stored API key; it may have been revoked. Sign in again with a valid key.";
}
