// Who is calling and may they do this: the Bearer token is checked, then its sub-user (still live, and
// still holding the key the token came from), then the account in the path, then the scope.
import type { FastifyRequest } from "fastify";
import { HttpError } from "../http/http-error.ts";
import type { ServiceDatabase } from "../store/database.ts";
import { canSignIn, findUser } from "../store/users-store.ts";
import { keyFingerprint } from "./api-keys.ts";
import type { RequestRateLimit } from "./request-rate-limit.ts";
import { type Permission, scopesAllow } from "./scopes.ts";
import { type TokenClaims, verifyToken } from "./tokens.ts";

export interface AuthDependencies {
  db: ServiceDatabase;
  signingKey: Buffer;
  clock: () => number;
  rateLimit: RequestRateLimit;
}

export type Principal = TokenClaims;

export async function authorize(
  deps: AuthDependencies,
  request: FastifyRequest,
  pathAccount: string,
  permission: Permission,
): Promise<Principal> {
  const claims = await authenticate(deps, request);
  await deps.rateLimit.take(claims.aud);
  const accountIds = accountIdsOf(claims);
  if (!accountIds.includes(pathAccount)) {
    throw new HttpError(403, "This token does not give access to that account.");
  }
  if (!scopesAllow(claims.scopes, permission, accountIds)) {
    throw new HttpError(403, `This token lacks the scope "${permission}".`);
  }
  return claims;
}

/** The ids a token's account goes by: its UUID and, when it has one, its legacy id. */
export function accountIdsOf(claims: TokenClaims): string[] {
  return [claims.aud, claims.legacy_id].filter((id): id is string => id !== null);
}

async function authenticate(deps: AuthDependencies, request: FastifyRequest): Promise<TokenClaims> {
  // The scheme name is case-insensitive (RFC 9110), so "bearer" and "BEARER" are the same scheme.
  const match = /^Bearer +([\w.-]+)$/i.exec(request.headers.authorization ?? "");
  if (!match?.[1]) throw unauthorized("A Bearer token is required in the authorization header.");
  const claims = verifyToken(deps.signingKey, match[1], Math.floor(deps.clock() / 1000));
  if (claims === null) throw unauthorized("The token is invalid or has expired.");
  const user = await findUser(deps.db, claims.aud, claims.sub);
  const keyStillValid =
    claims.key === undefined ||
    (user?.api_key_digest != null && keyFingerprint(user.api_key_digest) === claims.key);
  if (!user || !canSignIn(user) || !keyStillValid) throw unauthorized("The token is no longer valid.");
  return claims;
}

function unauthorized(message: string): HttpError {
  return new HttpError(401, message);
}
