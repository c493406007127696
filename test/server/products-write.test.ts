// Product writes beyond the spec: create, merge update, soft delete, barcode collisions, write ordering.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { envelopeSchema } from "../../src/shared/api/common.ts";
import { productsPageSchema, singleProductSchema } from "../../src/shared/api/pagination.ts";
import { type Product, productSchema } from "../../src/shared/api/product.ts";
import { expectError } from "./error-envelope.ts";
import { adminToken, call, keyToken, paths, startTestService } from "./service-harness.ts";

// A clock that never moves: writes must still get strictly increasing instants.
const frozen = Date.parse("2025-06-01T12:00:00.000Z");
const service = await startTestService({ demoProducts: 20, clock: () => frozen });
const path = paths(service);
const token = await keyToken(service);
const writeReplySchema = envelopeSchema.extend({ count: z.literal(1), results: z.tuple([productSchema]) });

let serial = 0;
function newProductBody(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    name: `Test product ${serial}`,
    tax: crypto.randomUUID(),
    type: "product",
    barcode: `2000000${serial}`,
    ...overrides,
  };
}

async function write(method: string, url: string, body?: unknown): Promise<Product> {
  const reply = await call(service, method, url, { token, body });
  expect(reply.status, reply.text).toBe(200);
  return writeReplySchema.parse(reply.json).results[0];
}

async function livePage(): Promise<Product[]> {
  const reply = await call(service, "GET", `${path.products}?size=5000`, { token });
  return productsPageSchema.parse(reply.json).results as Product[];
}

describe("creating a product", () => {
  it("assigns id, account and timestamps, fills every contract key, and lists it last", async () => {
    const created = await write(
      "POST",
      path.products,
      newProductBody({ id: "mine", deleted: true, colour: "teal" }),
    );
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created).toMatchObject({
      account: service.demo.accountId,
      deleted: false,
      active: true,
      colour: "teal",
    });
    expect(Object.keys(created)).toEqual(expect.arrayContaining(Object.keys(productSchema.shape)));
    expect(created.created_at).toEqual(created.updated_at);
    expect(created.updated_at.iso).toBe(new Date(created.updated_at.unix).toISOString());
    const live = await livePage();
    expect(live.at(-1)).toEqual(created);
    const read = await call(service, "GET", path.product(created.id), { token });
    expect(singleProductSchema.parse(read.json).results).toEqual([created]);
  });

  it("also answers on the path with a trailing slash", async () => {
    expect((await write("POST", `${path.products}/`, newProductBody())).type).toBe("product");
  });

  it("refuses a body without name, tax or type, or over the limits, with 400", async () => {
    const invalid = [
      { tax: "t", type: "product" },
      { name: "x", type: "product" },
      { name: "x", tax: "t" },
      newProductBody({ name: "n".repeat(513) }),
      newProductBody({ default_tile_color: "#12345678901" }),
      newProductBody({ active: "yes" }),
      [newProductBody()],
    ];
    for (const body of invalid) expectError(await call(service, "POST", path.products, { token, body }), 400);
  });
});

describe("updating a product", () => {
  it("merges fields, keeps the rest, and moves it to the end of the updated_at order", async () => {
    const created = await write("POST", path.products, newProductBody({ sku: "SKU-1" }));
    await write("POST", path.products, newProductBody());
    const updated = await write("PUT", path.product(created.id), { name: "Renamed", id: "ignored" });
    expect(updated).toMatchObject({
      id: created.id,
      name: "Renamed",
      sku: "SKU-1",
      created_at: created.created_at,
    });
    expect(updated.updated_at.unix).toBeGreaterThan(created.updated_at.unix);
    expect((await livePage()).at(-1)).toEqual(updated);
  });

  it("gives each write an instant strictly after the previous one, even with a frozen clock", async () => {
    const instants: number[] = [];
    for (let i = 0; i < 5; i++)
      instants.push((await write("POST", path.products, newProductBody())).updated_at.unix);
    for (let i = 1; i < instants.length; i++) expect(instants[i]).toBeGreaterThan(instants[i - 1] as number);
  });

  it("answers 404 for an unknown product and 400 for a malformed id", async () => {
    expectError(
      await call(service, "PUT", path.product(crypto.randomUUID()), { token, body: { name: "x" } }),
      404,
    );
    expectError(await call(service, "PUT", path.product("nope"), { token, body: { name: "x" } }), 400);
  });
});

describe("deleting a product", () => {
  it("is soft: the product moves to deleted=true lists, stays readable, and leaves the live list", async () => {
    const created = await write("POST", path.products, newProductBody());
    const deleted = await write("DELETE", path.product(created.id));
    expect(deleted).toMatchObject({ id: created.id, deleted: true });
    expect(deleted.updated_at.unix).toBeGreaterThan(created.updated_at.unix);
    expect((await livePage()).map((product) => product.id)).not.toContain(created.id);
    const deletedList = await call(service, "GET", `${path.products}?deleted=true&size=5000`, { token });
    expect(productsPageSchema.parse(deletedList.json).results.at(-1)).toEqual(deleted);
    const again = await write("DELETE", path.product(created.id));
    expect(again.updated_at).toEqual(deleted.updated_at);
  });
});

describe("barcode collisions", () => {
  it("refuses a code another live product carries with 409 BarcodeNotUnique, in any of the three places", async () => {
    const owner = await write(
      "POST",
      path.products,
      newProductBody({ barcodes: ["B-1"], codes: [{ data: "C-1", type: "qr" }] }),
    );
    for (const code of [owner.barcode, "B-1", "C-1"]) {
      const candidates = [
        newProductBody({ barcode: code }),
        newProductBody({ barcodes: [code] }),
        newProductBody({ codes: [{ data: code }] }),
      ];
      for (const body of candidates) {
        const reply = await call(service, "POST", path.products, { token, body });
        const error = expectError(reply, 409);
        expect(error).toMatchObject({ name: "BarcodeNotUnique", results: [{ id: owner.id, code }] });
      }
    }
    const other = await write("POST", path.products, newProductBody());
    expectError(await call(service, "PUT", path.product(other.id), { token, body: { barcode: "B-1" } }), 409);
  });

  it("frees the codes of a deleted product, and lets a product keep its own codes", async () => {
    const owner = await write("POST", path.products, newProductBody());
    expect((await write("PUT", path.product(owner.id), { barcodes: [owner.barcode] })).barcodes).toEqual([
      owner.barcode,
    ]);
    await write("DELETE", path.product(owner.id));
    const reuser = await write("POST", path.products, newProductBody({ barcode: owner.barcode }));
    expect(reuser.barcode).toBe(owner.barcode);
  });
});

describe("write permissions", () => {
  it("needs the products scopes: a catalog reader may not write", async () => {
    const admin = await adminToken(service);
    const reply = await call(service, "POST", path.users, {
      token: admin,
      body: {
        user: { id: null, email: "reader@demo-store.example" },
        active: true,
        username: "reader@demo-store.example",
        secret: "reader-pass",
        firstname: "Read",
        lastname: "Only",
        scopes: ["products:read"],
      },
    });
    expect(reply.status).toBe(200);
    const login = await call(service, "POST", "/api/v1/users/auth/organisation/login", {
      body: {
        organisation: service.demo.organisation,
        username: "reader@demo-store.example",
        password: "reader-pass",
      },
    });
    const reader = (login.json as { token: string }).token;
    const target = (await livePage())[0] as Product;
    expectError(await call(service, "POST", path.products, { token: reader, body: newProductBody() }), 403);
    expectError(
      await call(service, "PUT", path.product(target.id), { token: reader, body: { name: "x" } }),
      403,
    );
    expectError(await call(service, "DELETE", path.product(target.id), { token: reader }), 403);
  });
});

describe("pages around writes", () => {
  it("serves page N as the Nth slice of the current order, also right after a write moved a product", async () => {
    const ids = (products: readonly unknown[]) => products.map((product) => (product as Product).id);
    const pageAt = async (page: number) => {
      const reply = await call(service, "GET", `${path.products}?size=5&page=${page}`, { token });
      return ids(productsPageSchema.parse(reply.json).results);
    };
    expect([...(await pageAt(0)), ...(await pageAt(1))]).toEqual(ids(await livePage()).slice(0, 10));
    const moved = (await livePage())[0] as Product;
    await write("PUT", path.product(moved.id), { name: "Moved to the end" });
    const order = ids(await livePage());
    expect(order.at(-1)).toBe(moved.id);
    expect(await pageAt(1)).toEqual(order.slice(5, 10));
    expect(await pageAt(2)).toEqual(order.slice(10, 15));
  });
});
