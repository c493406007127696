// Beyond the spec, shaped like the real service: create, update (merge) and soft delete of products, so
// demos and tests can change the catalog while a client syncs. Each write runs in one transaction and
// takes its write instant from the database's write clock first thing in that transaction (write-clock.ts):
// that also makes writes on every node wait for each other, so each reads the product and the codes it
// checks after every earlier write committed, and voids every node's remembered page positions.
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Product } from "../../shared/api/product.ts";
import { productCodes } from "../../shared/api/product-codes.ts";
import { type AuthDependencies, authorize } from "../auth/auth.ts";
import type { ServiceDatabase } from "../store/database.ts";
import { isUuid } from "../store/ids.ts";
import { findCodeOwners, findProductBody, insertProducts, replaceProduct } from "../store/products-store.ts";
import type { WriteClock } from "../store/write-clock.ts";
import { successBody } from "./envelope.ts";
import { HttpError } from "./http-error.ts";
import { changedProduct, deletedProduct, newProduct } from "./product-records.ts";

export interface ProductWriteDependencies extends AuthDependencies {
  writeClock: WriteClock;
}

type AccountRequest = FastifyRequest<{ Params: { account: string } }>;
type ProductRequest = FastifyRequest<{ Params: { account: string; id: string } }>;

export function registerProductWriteRoutes(app: FastifyInstance, deps: ProductWriteDependencies): void {
  const create = async (request: AccountRequest) => {
    const claims = await authorize(deps, request, request.params.account, "products:create");
    const record = await deps.db.transaction().execute(async (trx) => {
      const created = newProduct(
        request.body,
        { id: randomUUID(), accountId: claims.aud },
        await deps.writeClock.next(trx),
      );
      await ensureCodesFree(trx, claims.aud, created);
      await insertProducts(trx, claims.aud, [created]);
      return created;
    });
    return successBody(request, "Product created.", { count: 1, results: [record] });
  };
  app.post("/api/v1/products/:account", create);
  app.post("/api/v1/products/:account/", create);

  app.put("/api/v1/products/:account/:id", async (request: ProductRequest) => {
    const claims = await authorize(deps, request, request.params.account, "products:update");
    const record = await deps.db.transaction().execute(async (trx) => {
      const at = await deps.writeClock.next(trx);
      const existing = await existingProduct(trx, claims.aud, request.params.id);
      const changed = changedProduct(existing, request.body, at);
      await ensureCodesFree(trx, claims.aud, changed);
      await replaceProduct(trx, claims.aud, changed);
      return changed;
    });
    return successBody(request, "Product updated.", { count: 1, results: [record] });
  });

  app.delete("/api/v1/products/:account/:id", async (request: ProductRequest) => {
    const claims = await authorize(deps, request, request.params.account, "products:delete");
    const record = await deps.db.transaction().execute(async (trx) => {
      const at = await deps.writeClock.next(trx);
      const existing = await existingProduct(trx, claims.aud, request.params.id);
      // Deleting twice changes nothing (the instant taken is left unused): the product keeps its place.
      if (existing.deleted) return existing;
      const deleted = deletedProduct(existing, at);
      await replaceProduct(trx, claims.aud, deleted);
      return deleted;
    });
    return successBody(request, "Product deleted.", { count: 1, results: [record] });
  });
}

async function existingProduct(db: ServiceDatabase, accountId: string, id: string): Promise<Product> {
  if (!isUuid(id)) throw new HttpError(400, "The product id is not a UUID.");
  const body = await findProductBody(db, accountId, id);
  if (body === undefined) throw new HttpError(404, "No product with this id.");
  return JSON.parse(body) as Product;
}

/** A live product's codes must not be carried by another live product of the account. */
async function ensureCodesFree(db: ServiceDatabase, accountId: string, record: Product): Promise<void> {
  if (record.deleted) return;
  const owners = await findCodeOwners(db, accountId, [...new Set(productCodes(record))], record.id);
  if (owners.length === 0) return;
  const errors = owners.map((owner) => ({
    id: "BarcodeNotUnique",
    label: `Code ${owner.code} is already used by product ${owner.id}.`,
    errorDetails: owner,
  }));
  throw new HttpError(409, "A barcode of this product is already used by another product.", errors, {
    name: "BarcodeNotUnique",
    results: owners,
  });
}
