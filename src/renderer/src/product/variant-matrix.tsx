// A variant family at a glance: one option as a list, two as a grid, more as one grid per
// combination of the leading options. Each cell shows the variant's price and barcode, aligned for
// reading down a column, and a flag only when the variant is not for sale; the scanned variant is
// highlighted (and marked aria-current), so nobody has to pick it again.
import type { ReactNode } from "react";
import type { Product } from "../../../shared/api/product.ts";
import { productCodes } from "../../../shared/api/product-codes.ts";
import type { FamilyPrices } from "../../../shared/catalog/lookup-answer.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { useSidewaysOverflow } from "./sideways-overflow.ts";
import { type Combination, combinations, type OptionAxis, optionAxes, variantAt } from "./variant-options.ts";

export interface VariantMatrixProps {
  parent: Product | null;
  variants: readonly Product[];
  /** Each variant's price for this till, by id, as the lookup answered it. */
  prices: FamilyPrices;
  /** The variant that was scanned, shown highlighted. */
  highlightId?: string | null;
  /** What the highlight says; "scanned" unless given. */
  highlightLabel?: string;
  onOpen?: (variant: Product) => void;
}

export function VariantMatrix(props: VariantMatrixProps) {
  const { t } = useI18n();
  const axes = optionAxes(props.parent, props.variants);
  const name = props.parent?.name ?? props.variants[0]?.name ?? "";
  if (axes.length === 0 || props.variants.length === 0) return null;
  const grids = axes.length <= 2 ? [{ fixed: {}, axes }] : groupedGrids(axes);
  return (
    <section className="variant-matrix" aria-label={t("matrix.caption", { name })}>
      {grids.map(({ fixed, axes: gridAxes }) => (
        <OptionGrid key={JSON.stringify(fixed)} {...props} fixed={fixed} axes={gridAxes} name={name} />
      ))}
    </section>
  );
}

/** More than two options: the last two form each grid, the others pick the grid. */
function groupedGrids(axes: OptionAxis[]): { fixed: Combination; axes: OptionAxis[] }[] {
  const leading = axes.slice(0, -2);
  return combinations(leading).map((fixed) => ({ fixed, axes: axes.slice(-2) }));
}

function OptionGrid(props: VariantMatrixProps & { fixed: Combination; axes: OptionAxis[]; name: string }) {
  const { t } = useI18n();
  const [rows, columns] = props.axes as [OptionAxis, OptionAxis | undefined];
  const fixedText = Object.entries(props.fixed)
    .map(([axis, value]) => `${axis}: ${value}`)
    .join(", ");
  const caption = fixedText === "" ? t("matrix.caption", { name: props.name }) : fixedText;
  const cell = (combination: Combination) => (
    <VariantCell {...props} variant={variantAt(props.variants, { ...props.fixed, ...combination })} />
  );
  const [box, overflows] = useSidewaysOverflow<HTMLDivElement>();
  // A family wider than the screen scrolls within its own box, never the page. The keyboard reaches
  // it through the cells when they are buttons (focus scrolls them into view), else the box itself
  // takes the focus, but only while it has something to scroll.
  const tabStop = overflows && !props.onOpen;
  return (
    <div className="grid-scroll" ref={box} tabIndex={tabStop ? 0 : undefined}>
      <OptionTable caption={caption} rows={rows} columns={columns} cell={cell} />
    </div>
  );
}

function OptionTable(props: {
  caption: string;
  rows: OptionAxis;
  columns: OptionAxis | undefined;
  cell: (combination: Combination) => ReactNode;
}) {
  const { t } = useI18n();
  const { rows, columns, cell } = props;
  return (
    <table className="option-grid">
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{columns ? `${rows.name} \\ ${columns.name}` : rows.name}</th>
          {columns ? (
            columns.values.map((value) => (
              <th key={value} scope="col">
                {value}
              </th>
            ))
          ) : (
            <th scope="col">{t("product.variants")}</th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.values.map((rowValue) => (
          <tr key={rowValue}>
            <th scope="row">{rowValue}</th>
            {columns ? (
              columns.values.map((columnValue) => (
                <td key={columnValue}>{cell({ [rows.name]: rowValue, [columns.name]: columnValue })}</td>
              ))
            ) : (
              <td>{cell({ [rows.name]: rowValue })}</td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function VariantCell(props: VariantMatrixProps & { variant: Product | null }) {
  const { t, money } = useI18n();
  const { variant } = props;
  if (variant === null) return <span className="no-variant">{t("matrix.none")}</span>;
  const price = props.prices[variant.id] ?? null;
  const gross = price?.amount.gross ?? null;
  const highlighted = variant.id === props.highlightId;
  const content = (
    <>
      <span className="cell-price">
        {gross === null || price === null ? t("result.noPrice") : money(gross, price.currency)}
      </span>
      <span className="cell-code">{productCodes(variant)[0] ?? t("matrix.noBarcode")}</span>
      {/* Most variants are for sale: only the exception is worth a word. */}
      {!variant.active && <span className="cell-inactive">{t("matrix.inactive")}</span>}
      {highlighted && <strong className="cell-scanned">{props.highlightLabel ?? t("matrix.scanned")}</strong>}
    </>
  );
  const className = highlighted ? "variant-cell highlighted" : "variant-cell";
  if (!props.onOpen) {
    return (
      <div className={className} aria-current={highlighted ? "true" : undefined}>
        {content}
      </div>
    );
  }
  const open = props.onOpen;
  return (
    <button
      type="button"
      className={className}
      aria-current={highlighted ? "true" : undefined}
      onClick={() => open(variant)}
    >
      {content}
    </button>
  );
}
