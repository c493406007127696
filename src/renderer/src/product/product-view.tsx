// One product opened from the search or the matrix: its facts and how it is sold (as a scan of it
// says), and for a variant family the options matrix (the opened variant highlighted), each cell
// opening that variant in turn.
import type { Product } from "../../../shared/api/product.ts";
import type { ProductAnswer } from "../../../shared/catalog/lookup-answer.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { SaleNotes } from "../scan/sale-notes.tsx";
import { familyPictureAddress, ProductPicture } from "./product-picture.tsx";
import { ProductSummary } from "./product-summary.tsx";
import { VariantMatrix } from "./variant-matrix.tsx";

export function ProductView(props: {
  match: ProductAnswer;
  /** Where the page loads a cached picture from, by its hash; without it no picture is shown. */
  pictureAddress?: (hash: string) => string;
  onBack: () => void;
  onOpen: (product: Product) => void;
}) {
  const { t } = useI18n();
  const { product, parent, prices, sale } = props.match;
  const family = parent ?? (product.type === "variant_product" ? product : null);
  // A linked child (a deposit) is shown with the sale, as on the result card, not as a variant.
  const variants = props.match.variants.filter((member) => member.type !== "linked");
  const price = prices[product.id] ?? null;
  return (
    <section className="product-view" aria-labelledby="product-heading">
      <div className="view-toolbar">
        <button type="button" onClick={props.onBack}>
          {t("product.back")}
        </button>
      </div>
      <ProductSummary
        product={product}
        parent={parent}
        price={price}
        group={props.match.group}
        tax={props.match.tax}
        headingId="product-heading"
        headingLevel={2}
        picture={
          <ProductPicture
            address={familyPictureAddress(props.match, props.pictureAddress)}
            alt={product.name}
          />
        }
        notice={<SaleNotes sale={sale} price={price} />}
      />
      {variants.length > 0 && (
        <>
          <h3>{t("product.variants")}</h3>
          <VariantMatrix
            parent={family}
            variants={variants}
            prices={prices}
            highlightId={product.type === "variant" ? product.id : null}
            highlightLabel={t("matrix.shown")}
            onOpen={props.onOpen}
          />
        </>
      )}
    </section>
  );
}
