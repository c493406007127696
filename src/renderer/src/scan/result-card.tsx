// The answer to a scan, as the cashier sees it: the product's picture beside its name and price, its
// codes, the label's weight or price with the line total, the variant family with the scanned one
// highlighted; or, when nothing matched, the code, the reason in plain words, how current the catalog
// is, and a search.
import { memo } from "react";
import type { LabelCharge } from "../../../shared/catalog/label-charge.ts";
import type { LookupAnswer } from "../../../shared/catalog/lookup-answer.ts";
import type { Money } from "../../../shared/catalog/money.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { familyPictureAddress, ProductPicture } from "../product/product-picture.tsx";
import { ProductSummary } from "../product/product-summary.tsx";
import { VariantMatrix } from "../product/variant-matrix.tsx";
import { SaleNotes } from "./sale-notes.tsx";
import { ScanDetails } from "./scan-details.tsx";

/** How far the local catalog can be trusted when a code is not in it. */
export interface CatalogFreshness {
  asOf: string | null;
  stale: boolean;
  unfinished: boolean;
  /** The local count differs from the service's: some products may be missing here. */
  countGap?: { products: number; serverTotal: number } | null;
}

export interface ResultCardProps {
  answer: LookupAnswer;
  freshness: CatalogFreshness | null;
  /** Where the page loads a cached picture from, by its hash; without it no picture is shown. */
  pictureAddress?: (hash: string) => string;
  onSearch?: (text: string) => void;
}

/** Memoised: typing in the code field re-renders the scan screen, and must not redraw the last answer. */
export const ResultCard = memo(function ResultCard(props: ResultCardProps) {
  return (
    <article
      className={props.answer.match ? "result-card found" : "result-card not-found"}
      aria-labelledby="result-heading"
    >
      {props.answer.match ? (
        <FoundResult answer={props.answer} pictureAddress={props.pictureAddress} />
      ) : (
        <NotFoundResult {...props} />
      )}
      <ScanDetails reading={props.answer.code} />
    </article>
  );
});

function FoundResult(props: { answer: LookupAnswer; pictureAddress?: (hash: string) => string }) {
  const { t } = useI18n();
  const { match, label, price, sale } = props.answer;
  if (!match) return null;
  const { product, parent } = match;
  // A linked child (a deposit) shares the parent column with variants: it is shown with the sale.
  const variants = match.variants.filter((member) => member.type !== "linked");
  const address = familyPictureAddress(match, props.pictureAddress);
  return (
    <>
      <ProductSummary
        product={product}
        parent={parent}
        price={price}
        group={props.answer.group}
        tax={props.answer.tax}
        headingId="result-heading"
        picture={<ProductPicture address={address} alt={product.name} />}
        notice={sale && <SaleNotes sale={sale} price={price} />}
      />
      {match.matchedBy !== "code" && (
        <p className="matched-by">{t(match.matchedBy === "sku" ? "result.bySku" : "result.byCustomId")}</p>
      )}
      {label && <LabelFacts label={label} />}
      {variants.length > 0 && (
        <VariantMatrix
          parent={parent ?? (product.type === "variant_product" ? product : null)}
          variants={variants}
          prices={match.prices}
          highlightId={product.type === "variant" ? product.id : null}
        />
      )}
    </>
  );
}

/** What the label in hand says and what to charge for it, as the catalog worked it out. */
function LabelFacts(props: { label: LabelCharge }) {
  const { t, money, weight } = useI18n();
  const { label } = props;
  const amount = (value: Money) => money(value.amount, value.currency);
  return (
    <dl className="facts label-amounts">
      {label.weight && (
        <>
          <dt>{t("result.labelWeight")}</dt>
          <dd className="label-weight">{weight(label.weight.value, label.weight.unit)}</dd>
        </>
      )}
      {label.unitPrice && label.kind === "weight" && (
        <>
          <dt>{t("result.unitPrice")}</dt>
          <dd>{amount(label.unitPrice)}</dd>
        </>
      )}
      {label.kind === "price" && label.charge && (
        <>
          <dt>{t("result.labelPrice")}</dt>
          <dd>{amount(label.charge)}</dd>
        </>
      )}
      {label.discount && (
        <>
          <dt>{t("result.labelDiscount")}</dt>
          <dd>{amount(label.discount)}</dd>
        </>
      )}
      {label.charge && (
        <>
          <dt>{t("result.lineTotal")}</dt>
          <dd className="line-total">{amount(label.charge)}</dd>
        </>
      )}
    </dl>
  );
}

function NotFoundResult(props: ResultCardProps) {
  const { t, dateTime } = useI18n();
  const { answer, freshness } = props;
  const reason = answer.reason?.kind ?? "unknown-code";
  const shown = answer.code.normalised || answer.query;
  return (
    <>
      <h3 id="result-heading">{t("notFound.heading", { code: shown.replaceAll("\x1d", "<GS>") })}</h3>
      <p className="reason">{t(`reason.${reason}`)}</p>
      {freshness && <FreshnessNote freshness={freshness} format={dateTime} />}
      {props.onSearch && (
        <button type="button" onClick={() => props.onSearch?.(shown)}>
          {t("notFound.search")}
        </button>
      )}
    </>
  );
}

function FreshnessNote(props: { freshness: CatalogFreshness; format: (iso: string) => string }) {
  const { t, integer } = useI18n();
  const { asOf, stale, unfinished, countGap } = props.freshness;
  if (asOf === null) return <p className="freshness warning">{t("notFound.neverSynced")}</p>;
  if (unfinished)
    return <p className="freshness warning">{t("notFound.unfinished", { time: props.format(asOf) })}</p>;
  if (stale) return <p className="freshness warning">{t("notFound.stale", { time: props.format(asOf) })}</p>;
  if (countGap) {
    const counts = { products: integer(countGap.products), total: integer(countGap.serverTotal) };
    return <p className="freshness warning">{t("notFound.countGap", counts)}</p>;
  }
  return null;
}
