// What a cashier needs to know about one product: name, the price this till charges (net and gross,
// and why), every code it is found by, SKU, type, and a warning when it is not for sale. The price is
// what is read from arm's length: big, first; the rest is secondary (the group and the tax among it,
// when the catalog's answer names them). A host may put the product's picture beside it all.
import type { ReactNode } from "react";
import { knownProductTypes, type Product } from "../../../shared/api/product.ts";
import { productCodes } from "../../../shared/api/product-codes.ts";
import type { ResolvedPrice } from "../../../shared/catalog/price-rule.ts";
import type { GroupName, TaxName } from "../../../shared/catalog/tax-amounts.ts";
import { type I18n, type Translate, useI18n } from "../i18n/i18n.tsx";
import { PriceNote } from "./price-note.tsx";

type KnownProductType = (typeof knownProductTypes)[number];

/**
 * "MwSt. 7 %" as named, with the rate beside a name that does not say it ("Reduced (7%)"); the rate
 * alone for a tax without a name; "—" for none.
 */
function taxText(tax: TaxName | null, { percent }: Pick<I18n, "percent">): string {
  if (tax === null) return "—";
  const rate = tax.rate === null ? null : percent(tax.rate);
  if (tax.name === null) return rate ?? "—";
  if (rate === null) return tax.name;
  // The rate's figure as a number of its own in the name ("7" in "MwSt. 7 %", not in "17 %").
  const figure = rate.replace(/[^\d.,]/g, "").replace(/[.,]/g, "[.,]");
  return new RegExp(`(^|[^\\d.,])${figure}($|[^\\d.,])`).test(tax.name) ? tax.name : `${tax.name} (${rate})`;
}

/** The API's type names (variant_product) are for programs; a type added later is shown as it is. */
function typeName(type: string, t: Translate): string {
  const known = (knownProductTypes as readonly string[]).includes(type);
  return known ? t(`productType.${type as KnownProductType}`) : type;
}

export function ProductSummary(props: {
  product: Product;
  parent?: Product | null;
  /** As the catalog worked it out for this till (see shared/catalog/price-rule.ts); null: no price. */
  price: ResolvedPrice | null;
  headingId?: string;
  /** 2 where the product is the screen's subject, 3 inside a result card. */
  headingLevel?: 2 | 3;
  /** Shown beside the name and price (the result card's ProductPicture). */
  picture?: ReactNode;
  /** Said first, under the name: how the product is sold (the result card's SaleNotes). */
  notice?: ReactNode;
  /** The product's group and tax as the catalog names them (null: none); not shown when not given. */
  group?: GroupName | null;
  tax?: TaxName | null;
}) {
  const { t, money, percent } = useI18n();
  const { product, parent = null } = props;
  const { price } = props;
  const Heading = props.headingLevel === 2 ? "h2" : "h3";
  const codes = productCodes(product);
  const amount = (value: number | null | undefined) =>
    value === null || value === undefined || price === null
      ? t("result.noPrice")
      : money(value, price.currency);
  return (
    <div className="product-summary">
      {props.picture}
      <div className="summary-body">
        <Heading id={props.headingId} className="product-name">
          {product.name}
        </Heading>
        {parent && <p className="product-parent">{t("result.variantOf", { name: parent.name })}</p>}
        {props.notice}
        {!product.active && (
          <p className="warning" role="note">
            {t("result.inactive")}
          </p>
        )}
        {/* One line per price, label and amount on one baseline. */}
        <dl className="price-block">
          <div className="price-line">
            <dt>{t("result.gross")}</dt>
            <dd className="price-gross">{amount(price?.amount.gross)}</dd>
          </div>
          <div className="price-line">
            <dt>{t("result.net")}</dt>
            <dd className="price-net">{amount(price?.amount.net)}</dd>
          </div>
        </dl>
        <PriceNote price={price} />
        <dl className="facts">
          <dt>{t("result.codes")}</dt>
          <dd className="codes">{codes.length > 0 ? codes.join(", ") : t("result.noCodes")}</dd>
          <dt>{t("result.sku")}</dt>
          <dd>{product.sku ?? "—"}</dd>
          <dt>{t("result.type")}</dt>
          <dd>{typeName(product.type, t)}</dd>
          {props.group !== undefined && (
            <>
              <dt>{t("result.group")}</dt>
              <dd className="product-group">{props.group?.name ?? "—"}</dd>
            </>
          )}
          {props.tax !== undefined && (
            <>
              <dt>{t("result.tax")}</dt>
              <dd className="product-tax">{taxText(props.tax, { percent })}</dd>
            </>
          )}
        </dl>
      </div>
    </div>
  );
}
