// The product's picture in a slot of fixed size beside its name and price: at a till the picture is
// how a cashier sees that the barcode belongs to the item in hand. Without a picture, or when the
// picture cannot be loaded, a calm placeholder keeps the slot: never a broken-image icon, and no
// request at all when there is no address.
import { useState } from "react";
import type { ProductFamily } from "../../../shared/catalog/lookup-answer.ts";
import { useI18n } from "../i18n/i18n.tsx";

export interface ProductPictureProps {
  /** Where the picture is served from (the till's own image cache); null: the product has none held. */
  address: string | null;
  /** What the picture shows, for whoever cannot see it: the product's name. */
  alt: string;
}

export function ProductPicture({ address, alt }: ProductPictureProps) {
  const { t } = useI18n();
  // The address that failed, not a flag: a new address gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  if (address === null || address === failed) {
    return (
      <div className="product-picture placeholder">
        <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <path d="M8 14 24 6l16 8v20l-16 8-16-8Z M8 14l16 8 16-8 M24 22v20" />
        </svg>
        <span>{t("picture.none")}</span>
      </div>
    );
  }
  return (
    <div className="product-picture">
      <img src={address} alt={alt} decoding="async" onError={() => setFailed(address)} />
    </div>
  );
}

/**
 * Where the picture of a family's product is served from: its own, else (a variant) its parent's;
 * null when neither is cached or the host serves no pictures.
 */
export function familyPictureAddress(
  family: Pick<ProductFamily, "product" | "parent" | "pictures">,
  pictureAddress: ((hash: string) => string) | undefined,
): string | null {
  const { product, parent, pictures } = family;
  const hash = pictures[product.id] ?? (parent ? pictures[parent.id] : undefined);
  return hash && pictureAddress ? pictureAddress(hash) : null;
}
