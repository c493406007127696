// The catalog's tables (migration 1 onwards) as TypeScript sees their rows.

export interface CatalogTables {
  products: {
    seq: number;
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
    /** The product's codes as product_codes holds them (codesKey); null on rows written before v3. */
    codes_key: string | null;
  };
  product_codes: { code: string; product: number; variant_id: string | null };
  product_text: { rowid: number; product_text: string; name: string; ids: string; codes: string };
  quarantine: {
    seq: number;
    product_id: string | null;
    reason: string;
    raw: string;
    received_at: number;
  };
  sync_state: { only: number; state: string };
}
