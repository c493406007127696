// Draws from the demo shop's assortment (demo-assortment.ts): what a stock record is (its name, price,
// group and picture shape), so the names are things a shop sells at prices it would ask. Each kind of
// article is dealt from a shuffled deck of every name it can have (maker, item, quality, size), so no
// name comes twice before every other name of its kind has come once.

import type { Random } from "../faults/seeded-random.ts";
import {
  depositShelves,
  garments,
  type Shelf,
  scaleArticles,
  shelves,
  surnames,
  textileBrands,
  vouchers,
  voucherThemes,
  voucherValues,
} from "./demo-assortment.ts";
import type { DemoImageKind } from "./demo-images.ts";
import type { DemoGroupKey } from "./demo-product-groups.ts";
import { type Price, shelfPrice } from "./demo-shelf-prices.ts";
import type { VatPercent } from "./demo-taxes.ts";

export interface DrawnArticle {
  name: string;
  price: Price;
  group: DemoGroupKey;
  picture: DemoImageKind;
}

export interface ArticleDraws {
  /** A packaged item: maybe a maker's name, the item, maybe a quality, its size. */
  shelfArticle(): DrawnArticle;
  /** A good sold by weight, priced per kg: each takes the next good in turn, bananas first. */
  scaleArticle(packing: string): DrawnArticle;
  /** A drink sold with a deposit. */
  depositDrink(): DrawnArticle;
  /** A gift voucher at face value, free of VAT when sold. */
  voucher(): DrawnArticle;
  /** A garment of a variant family, priced for every child alike. */
  garment(): DrawnArticle;
}

/** How much dearer an item is with a quality word (bio, a vintage...). */
const QUALITY_MARKUP = 1.15;

/** A name and the gross range of its price, before the price is drawn. */
interface Card {
  name: string;
  min: number;
  max: number;
}

export function createArticleDraws(random: Random): ArticleDraws {
  const shelfDecks = shelves.map((shelf) => ({ shelf, next: deck(random, cardsOf(shelf)) }));
  const totalWeight = shelves.reduce((sum, shelf) => sum + shelf.weight, 0);
  const deposits = depositShelves.map((shelf) => ({ shelf, next: deck(random, cardsOf(shelf)) }));
  const voucherDeck = deck(
    random,
    vouchers.flatMap((kind) =>
      voucherThemes.flatMap((theme) =>
        voucherValues.map((euros) => ({ name: `${kind} ${theme} ${euros} €`, min: euros, max: euros })),
      ),
    ),
  );
  const garmentDeck = deck(
    random,
    garments.flatMap(([item, min, max]) =>
      textileBrands.map((brand) => ({ name: `${brand} ${item}`, min, max })),
    ),
  );
  let scaleItems = 0;
  const dealt = (card: Card, vat: VatPercent, group: DemoGroupKey, picture: DemoImageKind) => ({
    name: card.name,
    price: shelfPrice(random, card.min, card.max, vat),
    group,
    picture,
  });
  return {
    shelfArticle() {
      const { shelf, next } = byWeight(random.next() * totalWeight, shelfDecks);
      return dealt(next(), shelf.vat, shelf.group, shelf.picture);
    },
    scaleArticle(packing) {
      const [item, group, min, max] = scaleArticles[
        scaleItems++ % scaleArticles.length
      ] as (typeof scaleArticles)[number];
      return dealt({ name: `${item}, ${packing}`, min, max }, 7, group, "scale");
    },
    depositDrink() {
      const { shelf, next } = random.pick(deposits);
      return dealt(next(), 19, shelf.group, "bottle");
    },
    voucher() {
      const card = voucherDeck();
      return {
        name: card.name,
        price: { cents: card.min * 100, vat: 0 },
        group: "vouchers",
        picture: "ticket",
      };
    },
    garment: () => dealt(garmentDeck(), 19, "textiles", "shirt"),
  };
}

/** The shelf at `point` along the shelves laid end to end, each as long as its weight. */
function byWeight<T extends { shelf: Shelf }>(point: number, decks: readonly T[]): T {
  let left = point;
  for (const entry of decks) {
    left -= entry.shelf.weight;
    if (left < 0) return entry;
  }
  return decks.at(-1) as T;
}

type CardShelf = Pick<Shelf, "brands" | "trades" | "articles"> & { qualities?: readonly string[] };

/**
 * The shelves are constants, and a demo catalog is generated in many batches, each drawing anew: their
 * cards are worked out once per shelf. The decks copy them before shuffling, so they are shared as is.
 */
const cardsByShelf = new WeakMap<CardShelf, readonly Card[]>();

function cardsOf(shelf: CardShelf): readonly Card[] {
  let cards = cardsByShelf.get(shelf);
  if (cards === undefined) {
    cards = shelfCards(shelf);
    cardsByShelf.set(shelf, cards);
  }
  return cards;
}

/** Every name a shelf's items can have, with the range of its price. */
function shelfCards(shelf: CardShelf): Card[] {
  const makers = [
    "",
    ...shelf.brands,
    ...shelf.trades.flatMap((trade) => surnames.map((name) => `${trade} ${name}`)),
  ];
  return shelf.articles.flatMap(([item, size, min, max, qualities]) =>
    makers.flatMap((brand) =>
      [...new Set(qualities ?? shelf.qualities ?? [""])].map((quality) => {
        const markup = quality === "" ? 1 : QUALITY_MARKUP;
        const name = [brand, item, quality, size].filter((part) => part !== "").join(" ");
        return { name, min: min * markup, max: max * markup };
      }),
    ),
  );
}

/** Deals the cards in a shuffled order, and shuffles them again once all are dealt. */
function deck<T>(random: Random, cards: readonly T[]): () => T {
  let pile: T[] = [];
  return () => {
    if (pile.length === 0) {
      pile = [...cards];
      for (let index = pile.length - 1; index > 0; index--) {
        const other = random.int(0, index);
        [pile[index], pile[other]] = [pile[other] as T, pile[index] as T];
      }
    }
    return pile.pop() as T;
  };
}
