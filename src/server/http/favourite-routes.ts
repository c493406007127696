// The account's favourite sets (the till's keys): GET /api/v0/favourites/<account>[/<id>] as any listed
// resource, and, beyond reading, POST to add a set and PUT .../<id> to change one (merging the body's
// keys into it), so a shop can arrange its keys. Writes get an updated_at strictly after the previous
// write's, so an incremental walk by updated_at sees every change.
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type AuthDependencies, authorize } from "../auth/auth.ts";
import {
  findFavourite,
  insertFavourites,
  listFavourites,
  replaceFavourite,
} from "../store/favourites-store.ts";
import { isUuid } from "../store/ids.ts";
import type { WriteClock } from "../store/write-clock.ts";
import { successBody } from "./envelope.ts";
import { changedFavourite, newFavourite } from "./favourite-records.ts";
import { HttpError } from "./http-error.ts";
import { isoInstant, registerListedResource } from "./listed-resources.ts";

export interface FavouriteDependencies extends AuthDependencies {
  writeClock: WriteClock;
}

type AccountRequest = FastifyRequest<{ Params: { account: string } }>;
type SetRequest = FastifyRequest<{ Params: { account: string; id: string } }>;

const missing = "No favourite set with this id.";

export function registerFavouriteRoutes(app: FastifyInstance, deps: FavouriteDependencies): void {
  registerListedResource(app, deps, {
    path: "/api/v0/favourites",
    permission: "favourites:read",
    records: (accountId) => listFavourites(deps.db, accountId),
    instant: isoInstant,
    messages: { list: "Favourites found.", one: "Favourite set found.", missing },
  });

  const create = async (request: AccountRequest) => {
    const claims = await authorize(deps, request, request.params.account, "favourites:create");
    const record = await deps.db.transaction().execute(async (trx) => {
      const created = newFavourite(request.body, randomUUID(), await deps.writeClock.next(trx));
      await insertFavourites(trx, claims.aud, [created]);
      return created;
    });
    return successBody(request, "Favourite set created.", { count: 1, results: [record] });
  };
  app.post("/api/v0/favourites/:account", create);
  app.post("/api/v0/favourites/:account/", create);

  app.put("/api/v0/favourites/:account/:id", async (request: SetRequest) => {
    const claims = await authorize(deps, request, request.params.account, "favourites:update");
    const { id } = request.params;
    if (!isUuid(id)) throw new HttpError(400, "The id in the path is not a UUID.");
    const record = await deps.db.transaction().execute(async (trx) => {
      // The clock first: its lock makes a change on another node wait, so none is merged over.
      const at = await deps.writeClock.next(trx);
      const existing = await findFavourite(trx, claims.aud, id);
      if (existing === undefined) throw new HttpError(404, missing);
      const changed = changedFavourite(existing, request.body, at);
      await replaceFavourite(trx, claims.aud, changed);
      return changed;
    });
    return successBody(request, "Favourite set updated.", { count: 1, results: [record] });
  });
}
