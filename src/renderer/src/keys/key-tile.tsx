// One counter key: a finger-sized tile with its name and the price this till charges, the product's
// picture when the till holds it, else painted in the colour the catalog gives the key (with ink
// that stays readable on it). A key that cannot sell says why and does nothing when pressed; it stays
// focusable (aria-disabled, not disabled), so the arrows still pass over it and a screen reader says why.
import { forwardRef, useState } from "react";
import { useI18n } from "../i18n/i18n.tsx";
import type { ShownPrice } from "../product/product-price.ts";
import { tilePaint } from "./tile-ink.ts";

/** Five by five at most, as the upstream's favourite sets allow. */
export const gridColumns = 5;

export interface KeyTileProps {
  name: string;
  /** A group key opens more keys; it shows how many instead of a price. */
  kind: "product" | "group";
  price: ShownPrice | null;
  /** The product's cached picture, or null. */
  pictureAddress: string | null;
  /** The catalog's colour for the tile ("#f5a623"), or null for the theme's. */
  colour: string | null;
  /** What the tile says under the price: "Enter the price", a group's product count. */
  note?: string | null;
  /** Why the key cannot sell (shown, and the key disabled); null when it can. */
  disabledReason: string | null;
  /** Where the key sits in its grid of five columns, 0 top left. */
  place: number;
  /** The roving focus: only the grid's current key is a tab stop. */
  current: boolean;
  onOpen: () => void;
  onFocus: () => void;
}

export const KeyTile = forwardRef<HTMLButtonElement, KeyTileProps>(function KeyTile(props, ref) {
  const { t, money } = useI18n();
  const [pictureFailed, setPictureFailed] = useState<string | null>(null);
  const picture = props.pictureAddress !== pictureFailed ? props.pictureAddress : null;
  const disabled = props.disabledReason !== null;
  const paint = picture === null && !disabled ? tilePaint(props.colour) : null;
  const where = {
    gridRow: Math.floor(props.place / gridColumns) + 1,
    gridColumn: (props.place % gridColumns) + 1,
  };
  const { price } = props;
  // A group has no price; a price asked for at sale needs no "No price" beside its note.
  const amount =
    props.kind === "group"
      ? null
      : price?.gross != null
        ? money(price.gross, price.currency)
        : props.note
          ? null
          : t("result.noPrice");
  return (
    <button
      ref={ref}
      type="button"
      className={`key-tile ${props.kind}`}
      tabIndex={props.current ? 0 : -1}
      aria-disabled={disabled || undefined}
      style={
        paint ? { ...where, background: paint.background, color: paint.ink, borderColor: paint.ink } : where
      }
      onClick={disabled ? undefined : props.onOpen}
      onFocus={props.onFocus}
    >
      {picture && <img src={picture} alt="" decoding="async" onError={() => setPictureFailed(picture)} />}
      <span className="key-name">{props.name}</span>
      {props.kind === "group" && <span className="key-kind">{t("keys.groupKey")}</span>}
      {amount !== null && !disabled && <span className="key-price">{amount}</span>}
      {props.note && !disabled && <span className="key-note">{props.note}</span>}
      {disabled && <span className="key-reason">{props.disabledReason}</span>}
    </button>
  );
});
