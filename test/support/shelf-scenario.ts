// The price changes the shelf label tests make at the reference service, over HTTP as its
// administrator: six products a shop has labels for, then a branch price, a default price, an offer
// to come, a rename, a new product and a change that is undone afterwards.
import { withCheckDigit } from "../../src/shared/barcode/gtin.ts";
import type { adminApi } from "./service-fixtures.ts";

type Admin = Awaited<ReturnType<typeof adminApi>>;
export type ShelfIds = Record<"milk" | "butter" | "wine" | "bread" | "coffee" | "sugar", string> & {
  juice?: string;
};

export const gross = (value: number) => [{ amount: { net: value, gross: value }, currency: "EUR" }];
export const shelfCode = (n: number) => withCheckDigit(`40063810000${n}`);

/** The products before any change; the milk has its own price at `branch`. */
export async function createShelfProducts(admin: Admin, branch: string): Promise<ShelfIds> {
  const create = async (name: string, n: number, prices: Record<string, unknown>) =>
    (await admin.createProduct({ name, barcode: shelfCode(n), prices })).id as string;
  return {
    milk: await create("Vollmilch 1 l", 1, {
      default_prices: gross(1.19),
      branch_prices: [{ branch, prices: gross(1.09) }],
    }),
    butter: await create("Süßrahmbutter 250 g", 2, { default_prices: gross(2.29) }),
    wine: await create("Glühwein 1 l", 3, { default_prices: gross(3.99) }),
    bread: await create("Roggenbrot", 4, { default_prices: gross(2.49) }),
    coffee: await create("Kaffee 500 g", 5, { default_prices: gross(5.99) }),
    sugar: await create("Zucker 1 kg", 6, { default_prices: gross(1.29) }),
  };
}

/**
 * The milk 0.99 at `branch`, the butter 2.49, the wine on offer at 2.99 during `offer`, the bread
 * renamed with its size, the coffee 6.49 (undone by undoCoffee), and a new juice (into `ids`).
 */
export async function changeShelfProducts(
  admin: Admin,
  ids: ShelfIds,
  branch: string,
  offer: { start: string; end: string },
): Promise<void> {
  await admin.updateProduct(ids.milk, {
    prices: { default_prices: gross(1.19), branch_prices: [{ branch, prices: gross(0.99) }] },
  });
  await admin.updateProduct(ids.butter, { prices: { default_prices: gross(2.49) } });
  await admin.updateProduct(ids.wine, {
    prices: { default_prices: gross(3.99), time_based_prices: [{ time_range: offer, prices: gross(2.99) }] },
  });
  await admin.updateProduct(ids.bread, { name: "Roggenbrot 750 g" });
  await admin.updateProduct(ids.coffee, { prices: { default_prices: gross(6.49) } });
  const juice = {
    name: "Apfelsaft naturtrüb 1 l",
    barcode: shelfCode(7),
    prices: { default_prices: gross(1.79) },
  };
  ids.juice = (await admin.createProduct(juice)).id as string;
}

export async function undoCoffee(admin: Admin, ids: ShelfIds): Promise<void> {
  await admin.updateProduct(ids.coffee, { prices: { default_prices: gross(5.99) } });
}
