// Reads of the reference data (favourite sets, product groups, taxes) and of a group's products, on
// the read connection with statements prepared once. A group's products are paged alphabetically by
// keyset on (name_key, id) over the index of migration 8, so any page of a group of 20,000 costs a
// few index steps, never a count or an OFFSET.
import type { Database } from "better-sqlite3";
import type { Product } from "../../shared/api/product.ts";
import type {
  ProductGroupInfo,
  ReferenceInfo,
  ReferenceKind,
  TaxInfo,
} from "../../shared/api/reference-data.ts";
import { untilChanged } from "../storage/unchanged-reads.ts";
import { groupProducts } from "./group-keys.ts";
import type { IdentifiedRecord, RecordDecoder } from "./stored-records.ts";

/** What the till knows of one list: held as last read, or absent at the service (404). */
export interface ReferenceListState {
  kind: ReferenceKind;
  state: "held" | "absent";
  /** Records held (0 when absent). */
  records: number;
  /** Records of the last read that could not be held at all (not an object, no id). */
  refused: number;
  /** Epoch ms of the last read or 404. */
  checkedAt: number;
}

/** Where a group's page ended: the next page starts after this product. */
export interface GroupPosition {
  name: string;
  /** The product's row (products.seq): what breaks ties of names in the group's index. */
  seq: number;
}

export interface GroupPage {
  products: Product[];
  /** null on the last page. */
  next: GroupPosition | null;
}

/** The groups and taxes held, by id. */
export interface ReferenceMaps {
  groups: ReadonlyMap<string, ProductGroupInfo>;
  taxes: ReadonlyMap<string, TaxInfo>;
}

export interface ReferenceReads {
  lists(): ReferenceListState[];
  /**
   * Every group and tax held, read again only after the database changed: a lookup names its
   * product's group and tax from memory (the lists change with a sync, never between two scans).
   */
  groupsAndTaxes(): ReferenceMaps;
  all<K extends ReferenceKind>(kind: K): ReferenceInfo[K][];
  byId<K extends ReferenceKind>(kind: K, id: string): ReferenceInfo[K] | null;
  /** Records held with parts left out, each with those parts named. */
  withUnusableParts(): { kind: ReferenceKind; id: string; parts: string[] }[];
  /** The live products of a group that stand on their own (no variants), alphabetically. */
  groupPage(group: string, after: GroupPosition | null, limit: number): GroupPage;
  /** Live products per group id (null: in no group), variants not counted, as of the last sync. */
  groupCounts(): { group: string | null; products: number }[];
  /** Live products of one group, variants not counted: a count over its index range. */
  groupSize(group: string): number;
}

/** The same reads as the store answers them: each a promise, its failures storage errors. */
export interface StoreReferenceReads {
  lists(): Promise<ReferenceListState[]>;
  groupsAndTaxes(): Promise<ReferenceMaps>;
  all<K extends ReferenceKind>(kind: K): Promise<ReferenceInfo[K][]>;
  byId<K extends ReferenceKind>(kind: K, id: string): Promise<ReferenceInfo[K] | null>;
  withUnusableParts(): Promise<ReturnType<ReferenceReads["withUnusableParts"]>>;
  groupPage(group: string, after: GroupPosition | null, limit: number): Promise<GroupPage>;
  groupCounts(): Promise<ReturnType<ReferenceReads["groupCounts"]>>;
  groupSize(group: string): Promise<number>;
}

export function referenceReads(db: Database, decoder: RecordDecoder): ReferenceReads {
  const lists = db.prepare<
    [],
    { kind: ReferenceKind; state: "held" | "absent"; records: number; refused: number; checked_at: number }
  >("SELECT kind, state, records, refused, checked_at FROM reference_lists ORDER BY kind");
  const all = db
    .prepare<[string], string>("SELECT info FROM reference_records WHERE kind = ? ORDER BY id")
    .pluck();
  const one = db
    .prepare<[string, string], string>("SELECT info FROM reference_records WHERE kind = ? AND id = ?")
    .pluck();
  const parted = db.prepare<[], { kind: ReferenceKind; id: string; parts: string }>(
    "SELECT kind, id, parts FROM reference_records WHERE parts IS NOT NULL ORDER BY kind, id",
  );
  const first = db.prepare<[string, number], PagedRow>(
    `SELECT seq, id, name_key, record, shape ${groupProducts} ORDER BY name_key, seq LIMIT ?`,
  );
  const after = db.prepare<[string, string, number, number], PagedRow>(
    `SELECT seq, id, name_key, record, shape ${groupProducts} AND (name_key, seq) > (?, ?) ORDER BY name_key, seq LIMIT ?`,
  );
  const size = db.prepare<[string], number>(`SELECT count(*) ${groupProducts}`).pluck();
  const counts = db.prepare<[], { group: string | null; products: number }>(
    'SELECT group_id AS "group", products FROM group_counts',
  );
  const parsed = <K extends ReferenceKind>(kind: K) =>
    all.all(kind).map((info) => JSON.parse(info) as ReferenceInfo[K]);
  const byIdMap = <T extends { id: string }>(values: T[]) =>
    new Map(values.map((value) => [value.id, value]));
  // A group's size is counted once per state of the catalog: paging a group asks for it with every page.
  const sizes = untilChanged(db, () => new Map<string, number>());
  return {
    groupsAndTaxes: untilChanged(db, () => ({
      groups: byIdMap(parsed("product_groups")),
      taxes: byIdMap(parsed("taxes")),
    })),
    lists: () => lists.all().map(({ checked_at, ...list }) => ({ ...list, checkedAt: checked_at })),
    all: parsed,
    byId(kind, id) {
      const info = one.get(kind, id);
      return info === undefined ? null : JSON.parse(info);
    },
    withUnusableParts: () =>
      parted.all().map((row) => ({ ...row, parts: JSON.parse(row.parts) as string[] })),
    groupPage(group, position, limit) {
      // One more than asked: whether a next page exists, without a count.
      const rows =
        position === null
          ? first.all(group, limit + 1)
          : after.all(group, position.name, position.seq, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        products: page.map((row) => decoder.product(row)),
        next: rows.length > limit && last !== undefined ? { name: last.name_key, seq: last.seq } : null,
      };
    },
    groupCounts: () => counts.all(),
    groupSize(group) {
      const known = sizes();
      const counted = known.get(group) ?? size.get(group) ?? 0;
      known.set(group, counted);
      return counted;
    },
  };
}

type PagedRow = IdentifiedRecord & { seq: number; name_key: string };
