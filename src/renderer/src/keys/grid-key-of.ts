// A key as the catalog answers it (shared/catalog/counter-keys.ts), as its tile shows it: its place
// in the grid, its name, price, picture or colour, a note for a key that asks something of the
// cashier, and the reason, in the screen's language, when it cannot be used.
import type { CounterKey } from "../../../shared/catalog/counter-keys.ts";
import type { Translate } from "../i18n/i18n.tsx";
import type { GridKey } from "./key-grid.tsx";

export interface KeyActions {
  t: Translate;
  /** Where the page loads a cached picture from, by its hash; without it no picture is shown. */
  pictureAddress?: (hash: string) => string;
  onProduct: (id: string) => void;
  onGroup: (group: { id: string; name: string }) => void;
}

export function gridKeyOf(key: CounterKey, { t, pictureAddress, onProduct, onGroup }: KeyActions): GridKey {
  const name = key.name ?? t("keys.unnamed");
  const price = key.price && {
    net: key.price.amount.net,
    gross: key.price.amount.gross,
    currency: key.price.currency,
  };
  const note = key.priceEntry ? t("keys.priceEntry") : key.variantParent ? t("keys.variants") : null;
  return {
    // A favourite tab may name one product twice; its place is its own.
    id: `${key.position}:${key.id}`,
    place: key.position - 1,
    name,
    kind: key.kind === "group" ? "group" : "product",
    price,
    pictureAddress: key.picture && pictureAddress ? pictureAddress(key.picture) : null,
    colour: key.color,
    note,
    disabledReason: key.disabled ? t(`keys.disabled.${key.disabled.kind}`) : null,
    onOpen: () => (key.kind === "group" ? onGroup({ id: key.id, name }) : onProduct(key.id)),
  };
}
