// What the app remembers about a sign-in, outside the secret store: who, where, until when, and
// enough to sign in again once the stored password or key is fetched from the secret store.
import type { ErrorDetail } from "../../shared/api/error.ts";
import type { Features } from "../../shared/api/features.ts";
import type { KeyLoginResult } from "../../shared/api/login.ts";
import type { SessionInfo } from "../../shared/catalog/session-info.ts";

/** The non-secret half of what a login needs. */
export type LoginIdentity =
  | { baseUrl: string; method: "organisation"; organisation: string; username: string }
  | { baseUrl: string; method: "api-key"; accountId: string };

export function identityOf(record: SessionInfo): LoginIdentity {
  if (record.method === "organisation") {
    const { baseUrl, method, organisation, username } = record;
    return { baseUrl, method, organisation, username };
  }
  const { baseUrl, method, accountId } = record;
  return { baseUrl, method, accountId };
}

/** What either login result carries; the key login has no features and no warnings. */
export type LoginFacts = Pick<KeyLoginResult, "user" | "expires_at"> & {
  sub_user: { id: string; role?: string | null; username?: string | null; description?: string | null };
  features?: Features | null;
  errors?: ErrorDetail[];
};

export function recordFromLogin(
  result: LoginFacts,
  identity: LoginIdentity,
  remembered: boolean,
): SessionInfo {
  return {
    ...identity,
    account: { id: result.user.id, legacyId: result.user.legacy_id ?? null, name: result.user.name ?? null },
    subUser: {
      id: result.sub_user.id,
      role: result.sub_user.role ?? null,
      username: result.sub_user.username ?? null,
      description: result.sub_user.description ?? null,
    },
    features: result.features ?? null,
    expiresAt: result.expires_at,
    remembered,
    warnings: (result.errors ?? []).map(({ id, label }) => ({ id, label })),
  };
}
