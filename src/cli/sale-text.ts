// How a product is sold, in short, for the CLI's one-line answer: what a cashier must do before
// charging (not sell it, enter the price, take a serial number), what is charged with it and what
// a bundle holds. Each part in brackets after the line, like "[inactive]".
import type { Money } from "../shared/catalog/money.ts";
import type { ResolvedPrice } from "../shared/catalog/price-rule.ts";
import type { Sale } from "../shared/catalog/sale-rule.ts";
import { count } from "./people-format.ts";

export function describeSale(
  sale: Sale,
  price: ResolvedPrice | null,
  formatMoney: (money: Money) => string,
): string {
  const gross = (amount: { gross: number | null }, currency: string) =>
    amount.gross === null ? "no price" : formatMoney({ amount: amount.gross, currency });
  const parts: string[] = [];
  if (!sale.sellable) parts.push("not for sale");
  if (sale.askPrice) {
    const suggested =
      price && (price.amount.gross ?? 0) > 0 ? `, suggested ${gross(price.amount, price.currency)}` : "";
    parts.push(`enter the price${suggested}${sale.zeroPriceAllowed ? ", 0 allowed" : ""}`);
  }
  if (sale.serialNumber) parts.push("serial number needed");
  if (sale.serviceQuestions > 0)
    parts.push(
      sale.serviceQuestions === 1 ? "1 question to ask" : `${count(sale.serviceQuestions)} questions to ask`,
    );
  if (sale.linked.length > 0) {
    const items = sale.linked.map((item) => {
      const name = item.found ? (item.name ?? "unnamed product") : `missing product ${item.id ?? ""}`.trim();
      const each = item.price ? ` ${gross(item.price.amount, item.price.currency)}` : "";
      return `${item.quantity === 1 ? "" : `${count(item.quantity)} × `}${name}${each}`;
    });
    const total = sale.total ? `; to pay ${gross(sale.total.amount, sale.total.currency)}` : "";
    parts.push(`with ${items.join(", ")}${total}`);
  }
  if (sale.components.length > 0) {
    const items = sale.components.map(
      (part) =>
        `${count(part.quantity)} × ${part.found ? (part.name ?? "unnamed product") : `missing product ${part.id}`}`,
    );
    parts.push(`bundle of ${items.join(", ")}`);
  }
  return parts.map((part) => `  [${part}]`).join("");
}
