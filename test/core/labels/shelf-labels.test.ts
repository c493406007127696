// The labels to print after each sync, worked out by the catalog core against the reference service
// over HTTP, with a real SQLite file and the till's clock injected: prices changed at a branch and by
// default, a rename, a new product, a change undone, an offer listed on the day it starts; printed
// labels leave the list, and the list survives a restart and follows a move to another branch.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type WiredCatalog, wireCatalog } from "../../../src/core/app/catalog-wiring.ts";
import { dataDirStores } from "../../../src/core/storage/data-dir-stores.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import type { ShelfLabelRow } from "../../../src/shared/catalog/shelf-labels.ts";
import type { PriceSettings } from "../../../src/shared/settings/app-settings.ts";
import { adminApi, signInDemo, tempDir } from "../../support/service-fixtures.ts";
import {
  changeShelfProducts,
  createShelfProducts,
  gross,
  type ShelfIds,
  shelfCode,
  undoCoffee,
} from "../../support/shelf-scenario.ts";

const day = 24 * 3_600_000;
const start = Date.now();

let service: RunningService;
let admin: Awaited<ReturnType<typeof adminApi>>;
let dir: Awaited<ReturnType<typeof tempDir>>;
let wired: WiredCatalog;
let now = start;
let prices: PriceSettings = { branch: "berlin", currency: "EUR" };
let ids: ShelfIds;
/** A product whose offer ended before the first sync: noted as it arrived, since it carries offers. */
let cocoa: string;

function wire(): WiredCatalog {
  return wireCatalog({
    dataDir: dir.path,
    ...dataDirStores(dir.path),
    clock: () => now,
    prices: () => prices,
  });
}

/** The rows as `key: reason from -> to, …`, for products of this test. */
async function due(): Promise<Record<string, string[]>> {
  const list = await wired.core.labels.list();
  const byId = Object.fromEntries(Object.entries({ ...ids, cocoa }).map(([key, id]) => [id, key]));
  return Object.fromEntries(
    list.rows.map((row: ShelfLabelRow) => [
      byId[row.label.productId] ?? row.label.productId,
      row.reasons.map((reason) => `${reason.kind} ${reason.from ?? "-"} -> ${reason.to ?? "-"}`),
    ]),
  );
}

beforeAll(async () => {
  service = await startService({ port: 0, seed: 3 });
  admin = await adminApi(service);
  dir = await tempDir();
  ids = await createShelfProducts(admin, "berlin");
  const ended = {
    start: new Date(start - 30 * day).toISOString(),
    end: new Date(start - 20 * day).toISOString(),
  };
  cocoa = (
    await admin.createProduct({
      name: "Kakaopulver",
      barcode: shelfCode(8),
      prices: {
        default_prices: gross(4.49),
        time_based_prices: [{ time_range: ended, prices: gross(3.99) }],
      },
    })
  ).id as string;
  wired = wire();
  await signInDemo(wired.session, service);
  await wired.core.sync();
});
afterAll(async () => {
  await wired.core.close();
  await service.close();
  await dir.remove();
});

describe("the shelf labels to print", () => {
  it("lists nothing after the first sync: the shelf reads as the catalog arrived", async () => {
    expect(await due()).toEqual({});
  });

  it("lists exactly the labels a sync made wrong, each with why", async () => {
    const offer = {
      start: new Date(start + day).toISOString(),
      end: new Date(start + 8 * day).toISOString(),
    };
    await changeShelfProducts(admin, ids, "berlin", offer);
    await wired.core.sync();
    expect(await due()).toEqual({
      bread: ["unit-price - -> 3.32 EUR / 1 kg", "name Roggenbrot -> Roggenbrot 750 g", "size - -> 750 g"],
      butter: ["price 2.29 EUR -> 2.49 EUR", "unit-price 9.16 EUR / 1 kg -> 9.96 EUR / 1 kg"],
      coffee: ["price 5.99 EUR -> 6.49 EUR", "unit-price 11.98 EUR / 1 kg -> 12.98 EUR / 1 kg"],
      juice: ["new - -> -"],
      milk: ["price 1.09 EUR -> 0.99 EUR", "unit-price 1.09 EUR / 1 l -> 0.99 EUR / 1 l"],
    });
  });

  it("drops a change undone before the label was printed", async () => {
    await undoCoffee(admin, ids);
    await wired.core.sync();
    expect(Object.keys(await due()).sort()).toEqual(["bread", "butter", "juice", "milk"]);
  });

  it("empties once printed, and keeps that across a restart", async () => {
    const list = await wired.core.labels.list();
    const marked = await wired.core.labels.markPrinted(list.rows.map((row) => row.label.productId));
    expect(marked.marked).toBe(4);
    expect(await due()).toEqual({});
    await wired.core.close();
    wired = wire();
    expect(await due()).toEqual({});
  });

  it("lists the offer's label on the day it starts, and again when it ends", async () => {
    now = start + day + 3_600_000;
    expect(await due()).toEqual({
      wine: ["offer-starts 3.99 EUR -> 2.99 EUR", "unit-price 3.99 EUR / 1 l -> 2.99 EUR / 1 l"],
    });
    await wired.core.labels.markPrinted([ids.wine]);
    expect(await due()).toEqual({});
    now = start + 9 * day;
    expect(await due()).toEqual({
      wine: ["offer-ends 2.99 EUR -> 3.99 EUR", "unit-price 2.99 EUR / 1 l -> 3.99 EUR / 1 l"],
    });
    await wired.core.labels.markPrinted([ids.wine]);
  });

  it("follows the branch's prices after a move, and finds what was printed when it moves back", async () => {
    prices = { branch: null, currency: "EUR" };
    // At the default prices the milk's label never changed; the others were printed at berlin only.
    expect(Object.keys(await due()).sort()).toEqual(["bread", "butter", "juice"]);
    prices = { branch: "berlin", currency: "EUR" };
    expect(await due()).toEqual({});
  });

  it("shows a product with offers as it arrived until a sync changes it, then the label before", async () => {
    await admin.updateProduct(cocoa, { prices: { default_prices: gross(4.99) } });
    await wired.core.sync();
    expect(await due()).toEqual({ cocoa: ["price 4.49 EUR -> 4.99 EUR"] });
  });
});
