// Why the till charges the price shown, in a few words under it: a branch price, an offer and when
// it ends, an offer still to come, the quantity prices, and where the service's lists contradict
// themselves. Nothing for a plain default price: the screen stays quiet when there is nothing to say.
import type { ResolvedPrice } from "../../../shared/catalog/price-rule.ts";
import { priceMoment } from "../../../shared/catalog/price-until.ts";
import { type I18n, useI18n } from "../i18n/i18n.tsx";

export function PriceNote(props: { price: ResolvedPrice | null }) {
  const i18n = useI18n();
  const { t, money } = i18n;
  const { price } = props;
  if (price === null) return null;
  const reasons = reasonsFor(price, i18n);
  const tiers = price.tiers.filter((tier) => tier.amount.gross !== null);
  if (reasons.length === 0 && tiers.length === 0 && price.conflicts.length === 0) return null;
  return (
    <div className="price-note">
      {reasons.length > 0 && <p className={`price-source ${price.source}`}>{reasons.join(" · ")}</p>}
      {tiers.length > 0 && (
        <ul className="price-tiers">
          {tiers.map((tier) => (
            <li key={tier.qty}>
              {t("price.tier", { qty: tier.qty, amount: money(tier.amount.gross ?? 0, price.currency) })}
            </li>
          ))}
        </ul>
      )}
      {price.conflicts.map((conflict) => (
        <p key={conflict.kind} className="price-conflict" role="note">
          {t(`price.conflict.${conflict.kind}`)}
        </p>
      ))}
    </div>
  );
}

/** Only offers begin and end: a price that is no offer changes when one begins. */
function reasonsFor(price: ResolvedPrice, { t, date, dateTime }: I18n): string[] {
  const moment = (iso: string, role: "end" | "start") => {
    const { at, wholeDay } = priceMoment(iso, role);
    return wholeDay ? date(at.toISOString()) : dateTime(at.toISOString());
  };
  const reasons: string[] = [];
  if (price.source === "time-based") {
    reasons.push(
      price.until === null ? t("price.offer") : t("price.offerUntil", { time: moment(price.until, "end") }),
    );
  }
  if (price.source === "branch") reasons.push(t("price.branch"));
  if (price.source !== "time-based" && price.until !== null) {
    reasons.push(t("price.offerFrom", { time: moment(price.until, "start") }));
  }
  return reasons;
}
