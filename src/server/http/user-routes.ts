// Sub-users under the configurations interface: create (the spec), and beyond it list, delete, and issue or
// revoke an API key, shaped like the real service. Deletion is soft; a deleted user's tokens stop working.
// The scope rule: a caller can create, delete, or issue and revoke keys of, only sub-users whose every
// permission it holds itself, so neither a new user nor a key can carry more than its issuer has.
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { apiKeyDigest, newApiKey } from "../auth/api-keys.ts";
import { type AuthDependencies, accountIdsOf, authorize } from "../auth/auth.ts";
import type { PasswordHasher } from "../auth/passwords.ts";
import { defaultScopes, firstUncovered, type Permission } from "../auth/scopes.ts";
import { type AccountRow, findAccount } from "../store/accounts-store.ts";
import { isUniqueViolation } from "../store/database.ts";
import {
  findLiveUserByUsername,
  findUser,
  insertUser,
  listLiveUsers,
  type SubUserRow,
  updateUser,
} from "../store/users-store.ts";
import type { WriteClock } from "../store/write-clock.ts";
import { successBody } from "./envelope.ts";
import { HttpError } from "./http-error.ts";
import { subUserBodySchema } from "./request-bodies.ts";
import { parseRequest } from "./request-validation.ts";
import { effectiveScopes, subUserRecord } from "./user-records.ts";

export interface UserRouteDependencies extends AuthDependencies {
  writeClock: WriteClock;
  passwords: PasswordHasher;
}

interface UsersParams {
  account: string;
  configuration: string;
}
type UsersRequest = FastifyRequest<{ Params: UsersParams }>;
type UserRequest = FastifyRequest<{ Params: UsersParams & { id: string } }>;

const usersPath = "/api/v0/configurations/:account/:configuration/users";

export function registerUserRoutes(app: FastifyInstance, deps: UserRouteDependencies): void {
  /** The caller, checked for `permission`, and the account whose configuration the path names. */
  const access = async (request: UsersRequest, permission: Permission) => {
    const claims = await authorize(deps, request, request.params.account, permission);
    const account = await findAccount(deps.db, claims.aud);
    if (account?.configuration_id !== request.params.configuration) {
      throw new HttpError(404, "No such configuration in this account.");
    }
    return { claims, account };
  };
  /** A live sub-user of the caller's account that the caller may manage (it holds all its permissions). */
  const manageableUser = async (request: UserRequest, permission: Permission) => {
    const { claims, account } = await access(request, permission);
    const user = await findUser(deps.db, account.id, request.params.id);
    if (!user || user.deleted === 1) throw new HttpError(404, "No sub-user with this id.");
    const beyond = firstUncovered(claims.scopes, effectiveScopes(user), accountIdsOf(claims));
    if (beyond !== undefined) {
      throw new HttpError(403, `This sub-user holds the scope "${beyond}", which you do not hold.`);
    }
    return { account, user };
  };
  const changeUser = async (account: AccountRow, user: SubUserRow, changes: Partial<SubUserRow>) => {
    const changed = await deps.db.transaction().execute(async (trx) => {
      const written = { ...user, ...changes, updated_at: await deps.writeClock.next(trx) };
      await updateUser(trx, user.id, written);
      return written;
    });
    return [subUserRecord(changed, account.configuration_id)];
  };

  app.post(usersPath, async (request: UsersRequest) => {
    const { claims, account } = await access(request, "users:create");
    const body = parseRequest(subUserBodySchema, request.body, "sub-user");
    const refused = firstUncovered(claims.scopes, body.scopes ?? defaultScopes, accountIdsOf(claims));
    if (refused !== undefined) throw new HttpError(403, `You cannot grant the scope "${refused}".`);
    if (await findLiveUserByUsername(deps.db, account.id, body.username)) {
      throw new HttpError(409, "A sub-user with this username already exists in this organisation.");
    }
    const passwordHash = await deps.passwords.hash(body.secret);
    const row = (now: number): SubUserRow => ({
      id: randomUUID(),
      account_id: account.id,
      username: body.username,
      email: body.user.email,
      password_hash: passwordHash,
      api_key_digest: null,
      role: body.role ?? null,
      scopes: body.scopes == null ? null : JSON.stringify(body.scopes),
      description: body.description ?? null,
      firstname: body.firstname,
      lastname: body.lastname,
      locations: body.locations == null ? null : JSON.stringify(body.locations),
      active: body.active ? 1 : 0,
      blocked: 0,
      deleted: 0,
      created_at: now,
      updated_at: now,
    });
    const created = await deps.db
      .transaction()
      .execute(async (trx) => {
        const written = row(await deps.writeClock.next(trx));
        await insertUser(trx, written);
        return written;
      })
      .catch((error: unknown) => {
        // Two creates of one username can both pass the check above while scrypt runs; the index decides.
        throw isUniqueViolation(error)
          ? new HttpError(409, "A sub-user with this username already exists.")
          : error;
      });
    return successBody(request, "Sub-user added.", {
      count: 1,
      results: [subUserRecord(created, account.configuration_id)],
    });
  });

  app.get(usersPath, async (request: UsersRequest) => {
    const { account } = await access(request, "users:read");
    const users = await listLiveUsers(deps.db, account.id);
    const results = users.map((user) => subUserRecord(user, account.configuration_id));
    return successBody(request, "Sub-users found.", { count: results.length, results });
  });

  app.delete(`${usersPath}/:id`, async (request: UserRequest) => {
    const { account, user } = await manageableUser(request, "users:delete");
    const results = await changeUser(account, user, { deleted: 1 });
    return successBody(request, "Sub-user deleted.", { count: 1, results });
  });

  app.post(`${usersPath}/:id/api/key`, async (request: UserRequest) => {
    const { account, user } = await manageableUser(request, "users:api_key");
    const apiKey = newApiKey();
    const [record] = await changeUser(account, user, { api_key_digest: apiKeyDigest(apiKey) });
    return successBody(request, "API key created.", { count: 1, results: [{ ...record, api_key: apiKey }] });
  });

  app.delete(`${usersPath}/:id/api/key`, async (request: UserRequest) => {
    const { account, user } = await manageableUser(request, "users:api_key");
    if (user.api_key_digest === null) throw new HttpError(404, "This sub-user has no API key.");
    const results = await changeUser(account, user, { api_key_digest: null });
    return successBody(request, "API key deleted.", { count: 1, results });
  });
}
