// How the product in hand is sold, said before anything else on the card and in words a cashier
// acts on: not for sale, enter the price (with the suggested one), a serial number or questions at
// sale, what is charged with it and what that comes to, and what a bundle holds. A linked product
// or part the catalog does not hold is named as missing. Large: it is read from arm's length.
import { currencyDecimals } from "../../../shared/catalog/money.ts";
import type { ResolvedPrice } from "../../../shared/catalog/price-rule.ts";
import type { Sale } from "../../../shared/catalog/sale-rule.ts";
import { type I18n, useI18n } from "../i18n/i18n.tsx";

export function SaleNotes(props: { sale: Sale; price: ResolvedPrice | null }) {
  const i18n = useI18n();
  const lines = saleLines(props.sale, props.price, i18n);
  if (lines.length === 0) return null;
  return (
    <ul className="sale-notes">
      {lines.map((line) => (
        <li key={line.kind} className={`sale-note ${line.kind}`}>
          {/* A list item cannot be an alert itself; what it says can. */}
          {line.kind === "not-for-sale" ? <span role="alert">{line.text}</span> : line.text}
        </li>
      ))}
    </ul>
  );
}

interface SaleLine {
  kind: "not-for-sale" | "ask-price" | "serial-number" | "questions" | "linked" | "bundle";
  text: string;
}

function saleLines(sale: Sale, price: ResolvedPrice | null, { t, money, integer }: I18n): SaleLine[] {
  const lines: SaleLine[] = [];
  const gross = (amount: { gross: number | null }, currency: string) =>
    amount.gross === null ? t("result.noPrice") : money(amount.gross, currency);
  const named = (item: { found: boolean; name: string | null; id: string | null }) =>
    item.found ? (item.name ?? t("sale.unnamed")) : t("sale.missing", { id: item.id ?? "" });
  if (!sale.sellable) lines.push({ kind: "not-for-sale", text: t("sale.notForSale") });
  if (sale.askPrice) {
    const suggested = price?.amount.gross ? gross(price.amount, price.currency) : null;
    const text =
      suggested === null ? t("sale.enterPrice") : t("sale.enterPriceSuggested", { amount: suggested });
    lines.push({
      kind: "ask-price",
      text: sale.zeroPriceAllowed ? `${text} ${t("sale.zeroAllowed")}` : text,
    });
  }
  if (sale.serialNumber) lines.push({ kind: "serial-number", text: t("sale.serialNumber") });
  if (sale.serviceQuestions > 0) {
    lines.push({ kind: "questions", text: t("sale.questions", { count: sale.serviceQuestions }) });
  }
  if (sale.linked.length > 0) {
    // One piece of a deposit reads as its name alone; more say how many.
    const items = sale.linked
      .map((item) => (item.quantity === 1 ? named(item) : `${integer(item.quantity)} × ${named(item)}`))
      .join(", ");
    lines.push({ kind: "linked", text: linkedText(sale, price, items, { t, money }) });
  }
  if (sale.components.length > 0) {
    const items = sale.components.map((part) => `${integer(part.quantity)} × ${named(part)}`).join(", ");
    lines.push({ kind: "bundle", text: t("sale.bundle", { items }) });
  }
  return lines;
}

/** "With Pfand 0,25 €: €0.25, to pay €1.54": what comes on top of the price, and what one piece costs. */
function linkedText(
  sale: Sale,
  price: ResolvedPrice | null,
  items: string,
  { t, money }: Pick<I18n, "t" | "money">,
): string {
  const total = sale.total;
  const own = price?.amount.gross;
  if (total === null || total.amount.gross === null || own === null || own === undefined)
    return t("sale.linkedUnknown", { items });
  const scale = 10 ** currencyDecimals(total.currency);
  const extra = Math.round((total.amount.gross - own) * scale) / scale;
  return t("sale.linked", {
    items,
    amount: money(extra, total.currency),
    total: money(total.amount.gross, total.currency),
  });
}
