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
    /** The record as its shape stores it, or (shape null) as received: see stored-records.ts. */
    record: string;
    /** The product's codes as product_codes holds them (codesKey); null on rows written before v3. */
    codes_key: string | null;
    /** The record's row in record_shapes; null on rows written before v4 and not yet rewritten. */
    shape: number | null;
    /** Brand, keywords, tags and manufacturer name in search form (v7); null when none. */
    more_key: string | null;
    /** The record's product_group as its number in group_keys (v9): a group's products are read by it, by name. */
    group_key: number | null;
  };
  /** Per key list: the keys (JSON array) and each key's usual value (JSON array), never changed. */
  record_shapes: { id: number; keys: string; template: string };
  product_codes: { code: string; product: number; variant_id: string | null };
  product_text: {
    rowid: number;
    product_text: string;
    name: string;
    ids: string;
    codes: string;
    more: string;
  };
  /** The catalog's words under themselves and their forms with letters left out (search-words.ts). */
  search_words: { form: string; word: string };
  /** Each product group's id once, numbered (v9; group-keys.ts). */
  group_keys: { seq: number; id: string };
  quarantine: {
    seq: number;
    product_id: string | null;
    reason: string;
    raw: string;
    received_at: number;
  };
  sync_state: { only: number; state: string };
  /** A held product's parts the catalog cannot use (JSON list of texts), and its record as received. */
  unusable_parts: { product_id: string; parts: string; raw: string };
  /** The account's branches as the service last listed them: BranchInfo as JSON. */
  branches: { id: string; info: string };
  /** Favourite sets, product groups and taxes (v8): the kept form as JSON, and the parts left out. */
  reference_records: { kind: string; id: string; info: string; parts: string | null };
  /** Per list: held (as last read) or absent (the service answered 404, not asked again but by a full sync). */
  /** Live products per group as of the last sync that changed products (v8). */
  group_counts: { group_id: string | null; products: number };
  reference_lists: { kind: string; state: string; records: number; refused: number; checked_at: number };
}
