// Draws from the demo shop's assortment (demo-assortment.ts): what a stock record is (its name, price,
// group and picture shape), so the names are things a shop sells at prices it would ask.
import {
  depositShelves,
  garments,
  type Shelf,
  scaleArticles,
  shelves,
  vouchers,
  voucherThemes,
} from "./demo-assortment.ts";
import type { DemoImageKind } from "./demo-images.ts";
import type { DemoGroupKey } from "./demo-product-groups.ts";
import { type Price, shelfPrice } from "./demo-shelf-prices.ts";
import type { Random } from "./seeded-random.ts";

export interface DrawnArticle {
  name: string;
  price: Price;
  group: DemoGroupKey;
  picture: DemoImageKind;
}

const BRANDED_SHARE = 0.6;
/** How much dearer an item is with a quality word (bio, a vintage...). */
const QUALITY_MARKUP = 1.15;
const totalWeight = shelves.reduce((sum, shelf) => sum + shelf.weight, 0);

function pickShelf(random: Random): Shelf {
  let left = random.next() * totalWeight;
  for (const shelf of shelves) {
    left -= shelf.weight;
    if (left < 0) return shelf;
  }
  return shelves.at(-1) as Shelf;
}

/** A packaged item: maybe a maker's name, the item, maybe a quality, its size. */
export function shelfArticle(random: Random): DrawnArticle {
  const shelf = pickShelf(random);
  const [item, size, min, max, qualities] = random.pick(shelf.articles);
  const brand = random.chance(BRANDED_SHARE) ? random.pick(shelf.brands) : "";
  const quality = random.pick(qualities ?? shelf.qualities);
  const markup = quality === "" ? 1 : QUALITY_MARKUP;
  return {
    name: [brand, item, quality, size].filter((part) => part !== "").join(" "),
    price: shelfPrice(random, min * markup, max * markup, shelf.vat),
    group: shelf.group,
    picture: shelf.picture,
  };
}

/**
 * A good sold by weight, priced per kg: the n-th scale item of a catalog takes the n-th good in turn,
 * so even a small catalog has the first ones (bananas).
 */
export function scaleArticle(random: Random, index: number, packing: string): DrawnArticle {
  const [item, group, min, max] = scaleArticles[
    index % scaleArticles.length
  ] as (typeof scaleArticles)[number];
  return { name: `${item}, ${packing}`, price: shelfPrice(random, min, max, 7), group, picture: "scale" };
}

/** A drink sold with a deposit. */
export function depositDrink(random: Random): DrawnArticle {
  const shelf = random.pick(depositShelves);
  const [item, size, min, max] = random.pick(shelf.articles);
  const brand = random.chance(BRANDED_SHARE) ? `${random.pick(shelf.brands)} ` : "";
  const price = shelfPrice(random, min, max, 19);
  return { name: `${brand}${item} ${size}`, price, group: shelf.group, picture: "bottle" };
}

/** A gift voucher at face value, free of VAT when sold. */
export function voucherArticle(random: Random): DrawnArticle {
  return {
    name: `${random.pick(vouchers)} ${random.pick(voucherThemes)}`,
    price: { cents: random.pick([10, 20, 25, 50, 100]) * 100, vat: 0 },
    group: "vouchers",
    picture: "ticket",
  };
}

/** A garment of a variant family, priced for every child alike. */
export function garmentArticle(random: Random): DrawnArticle {
  const [item, min, max] = random.pick(garments);
  return { name: item, price: shelfPrice(random, min, max, 19), group: "textiles", picture: "shirt" };
}
