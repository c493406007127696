// The tables as the read queries see them (kysely's type view of migration 1 onwards).
import type { Generated } from "kysely";

export interface CatalogTables {
  products: {
    seq: Generated<number>;
    id: string;
    type: string;
    parent: string | null;
    active: number;
    deleted: number;
    name_key: string;
    custom_id_key: string | null;
    sku_key: string | null;
    updated_at: number;
    generation: number;
    record: string;
  };
  product_codes: { code: string; product: number; variant_id: string | null };
  product_text: { rowid: number; product_text: string; name: string; ids: string; codes: string };
  quarantine: {
    seq: Generated<number>;
    product_id: string | null;
    reason: string;
    raw: string;
    received_at: number;
  };
  sync_state: { only: number; state: string };
}
