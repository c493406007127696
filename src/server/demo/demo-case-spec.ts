// How a demo sale case is described (demo-sale-cases.ts, demo-counter-cases.ts): a key the other
// cases, the tests and the favourite sets name it by, and what sets its record apart.
import type { Product } from "../../shared/api/product.ts";
import type { DemoGroupKey } from "./demo-product-groups.ts";
import type { VatPercent } from "./demo-taxes.ts";

/** How a case is sold, beside its name and price; keys are the record's own. */
export type SaleFields = Partial<
  Pick<Product, "sellable" | "configuration" | "serial_number_input_required">
>;

export interface CaseSpec {
  key: string;
  name: string;
  type: string;
  /** Gross shelf price in cents; 0 for a price entered at the till. */
  cents: number;
  vat: VatPercent;
  group: DemoGroupKey;
  fields?: SaleFields;
  /** Whether it carries a barcode of its own (a deposit child has none). */
  scanned?: boolean;
  /** Parts of a bundle and linked items, by the keys of other cases. */
  components?: [key: string, quantity: number][];
  linked?: (ids: Ids) => unknown[];
  /** For a `linked` child: the case it is sold with; for a `variant`, its parent. */
  parent?: string;
  /** For a `variant_product`: its options; for a `variant`, the values it has. */
  options?: Record<string, string[]>[];
  attributes?: Record<string, string>;
  /** How many questions the till asks at sale. */
  questions?: number;
}
export type Ids = Record<string, string>;

export const askPrice = (zeroAllowed: boolean) => ({
  pricing: { request_input: true, zero_input_allowed: zeroAllowed },
});
