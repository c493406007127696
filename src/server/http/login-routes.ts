// The two logins: organisation name + username + password, and account id + API key. Every wrong
// credential gets the same 401 body, an unknown user still costs a full scrypt check, and failures are
// throttled (login-throttle.ts) before any credential is looked at.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { apiKeyDigest, keyFingerprint } from "../auth/api-keys.ts";
import type { AuthDependencies } from "../auth/auth.ts";
import type { LoginThrottle } from "../auth/login-throttle.ts";
import type { PasswordHasher } from "../auth/passwords.ts";
import { signToken, tokenIssuer } from "../auth/tokens.ts";
import { type AccountRow, findAccount, findAccountByName } from "../store/accounts-store.ts";
import {
  canSignIn,
  findLiveUserByApiKey,
  findLiveUserByUsername,
  type SubUserRow,
} from "../store/users-store.ts";
import { successBody } from "./envelope.ts";
import { HttpError } from "./http-error.ts";
import { keyLoginBodySchema, organisationLoginBodySchema } from "./request-bodies.ts";
import { parseRequest } from "./request-validation.ts";
import { effectiveScopes, subUserRecord } from "./user-records.ts";

export interface LoginDependencies extends AuthDependencies {
  tokenTtlSeconds: number;
  loginThrottle: LoginThrottle;
  passwords: PasswordHasher;
}

export function registerLoginRoutes(app: FastifyInstance, deps: LoginDependencies): void {
  app.post("/api/v1/users/auth/organisation/login", async (request) => {
    const body = parseRequest(organisationLoginBodySchema, request.body, "login request");
    const attempt = await deps.loginThrottle.admit({
      address: request.ip,
      user: { organisation: body.organisation, username: body.username },
    });
    const account = await findAccountByName(deps.db, body.organisation);
    const user = account && (await findLiveUserByUsername(deps.db, account.id, body.username));
    const passwordMatches = await deps.passwords.verify(body.password, user?.password_hash ?? null);
    if (!account || !user || !passwordMatches || !canSignIn(user)) throw invalidCredentials();
    await attempt.succeeded();
    return successBody(request, "Login successful.", {
      errors: [],
      ...session(deps, account, user),
      sub_user: {
        id: user.id,
        role: user.role,
        scopes: effectiveScopes(user),
        username: user.username,
        locations: subUserRecord(user, account.configuration_id).locations,
        active: user.active === 1,
      },
      features: JSON.parse(account.features),
    });
  });

  app.post("/api/v1/users/auth/key", async (request) => {
    const body = parseRequest(keyLoginBodySchema, request.body, "key login request");
    // Keys are random UUIDs, beyond guessing: only the client is counted, so nobody can lock an
    // integration out by failing its account's key logins on purpose.
    const attempt = await deps.loginThrottle.admit({ address: request.ip });
    const account = await findAccount(deps.db, body.id);
    const user = account && (await findLiveUserByApiKey(deps.db, account.id, body.api_key));
    if (!account || !user || !canSignIn(user)) throw invalidCredentials();
    await attempt.succeeded();
    return successBody(request, "Login successful.", {
      ...session(deps, account, user, keyFingerprint(apiKeyDigest(body.api_key))),
      // The caller just sent this key, so handing it back shows nothing new.
      sub_user: { ...subUserRecord(user, account.configuration_id), api_key: body.api_key },
    });
  });
}

function invalidCredentials(): HttpError {
  return new HttpError(401, "The login credentials are not valid.");
}

/** The login result's account, token and expiry. JWT times are seconds; `expires_at` is the same instant. */
function session(deps: LoginDependencies, account: AccountRow, user: SubUserRow, keyFingerprint?: string) {
  const iat = Math.floor(deps.clock() / 1000);
  const exp = iat + deps.tokenTtlSeconds;
  const token = signToken(deps.signingKey, {
    iss: tokenIssuer,
    sub: user.id,
    aud: account.id,
    jti: randomUUID(),
    iat,
    exp,
    scopes: effectiveScopes(user),
    role: user.role,
    legacy_id: account.legacy_id,
    ...(keyFingerprint === undefined ? {} : { key: keyFingerprint }),
  });
  return {
    user: { id: account.id, name: account.name, legacy_id: account.legacy_id },
    token,
    token_type: "Bearer",
    expires_at: new Date(exp * 1000).toISOString(),
  };
}
