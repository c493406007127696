// The demo chain's VAT rates: what every demo product and group names in `tax`, and what GET
// /api/v0/taxes lists. Fixed ids, the same in every demo account, as the branches' are. Both `rate`
// (a fraction) and `percentage` are written, since the upstream's schema does not say which one a
// reader takes.
import { chainOpenedIso } from "./demo-branches.ts";

export type VatPercent = 19 | 7 | 0;

interface DemoTax {
  id: string;
  name: string;
  percentage: VatPercent;
  rateClass: "normal" | "reduced" | "super_reduced";
}

export const demoTaxes: readonly DemoTax[] = [
  { id: "5e0b6f3a-19c4-4d7e-8a21-0f3c9b7d1901", name: "MwSt. 19 %", percentage: 19, rateClass: "normal" },
  { id: "5e0b6f3a-07c4-4d7e-8a21-0f3c9b7d0702", name: "MwSt. 7 %", percentage: 7, rateClass: "reduced" },
  {
    id: "5e0b6f3a-00c4-4d7e-8a21-0f3c9b7d0003",
    name: "Steuerfrei 0 %",
    percentage: 0,
    rateClass: "super_reduced",
  },
];

/** The id of the demo tax at this rate. */
export function demoTaxId(percentage: VatPercent): string {
  const tax = demoTaxes.find((candidate) => candidate.percentage === percentage);
  if (tax === undefined) throw new RangeError(`no demo tax of ${percentage} %`);
  return tax.id;
}

/** A tax as the service answers it: the upstream's request shape plus id and timestamps. */
export function taxRecord(tax: DemoTax): Record<string, unknown> {
  return {
    id: tax.id,
    created_at: chainOpenedIso,
    updated_at: chainOpenedIso,
    name: tax.name,
    fa_account_number: null,
    type: "vat",
    rate: tax.percentage / 100,
    percentage: tax.percentage,
    is_fixed: false,
    active: true,
    deleted: false,
    financial_accounts: null,
    jurisdiction: "germany",
    rate_class: tax.rateClass,
  };
}
