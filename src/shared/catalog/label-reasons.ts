// Why a label must be printed again: each field of its face that reads differently from the label
// on the shelf. A price that changed because an offer began or ended says so.
import { currencyDecimals, type Money } from "./money.ts";
import type { LabelFace, LabelReason } from "./shelf-labels.ts";

/** `shown` is the label on the shelf; null when the product never had one (it is new). */
export function labelReasons(shown: LabelFace | null, now: LabelFace): LabelReason[] {
  if (shown === null) return [{ kind: "new", from: null, to: null }];
  const reasons: LabelReason[] = [];
  const priceFrom = moneyText(shown.price);
  const priceTo = moneyText(now.price);
  if (priceFrom !== priceTo) reasons.push({ kind: priceKind(shown, now), from: priceFrom, to: priceTo });
  else if (shown.offerLastDay !== now.offerLastDay)
    reasons.push({ kind: "offer-last-day", from: shown.offerLastDay, to: now.offerLastDay });
  const texts = [
    ["deposit", moneyText(shown.deposit), moneyText(now.deposit)],
    ["unit-price", unitText(shown), unitText(now)],
    ["name", shown.name, now.name],
    ["barcode", shown.code?.value ?? null, now.code?.value ?? null],
    ["size", shown.size, now.size],
    ["sku", shown.sku, now.sku],
    ["options", shown.options, now.options],
  ] as const;
  for (const [kind, from, to] of texts) if (from !== to) reasons.push({ kind, from, to });
  return reasons;
}

function priceKind(shown: LabelFace, now: LabelFace): LabelReason["kind"] {
  const wasOffer = shown.source === "time-based";
  const isOffer = now.source === "time-based";
  if (isOffer && !wasOffer) return "offer-starts";
  if (wasOffer && !isOffer) return "offer-ends";
  return "price";
}

function moneyText(money: Money | null): string | null {
  return money === null
    ? null
    : `${money.amount.toFixed(currencyDecimals(money.currency))} ${money.currency}`;
}

function unitText(face: LabelFace): string | null {
  const unit = face.unitPrice;
  return unit === null ? null : `${moneyText(unit)} / ${unit.per}`;
}
