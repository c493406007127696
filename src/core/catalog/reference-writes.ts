// Keeping a list of reference data as the sync read it: the whole list replaced in one transaction
// (the service's lists carry no timestamps to read changes by), or the list noted absent when the
// service answered 404, so the next syncs do not ask again.
import type { Database } from "better-sqlite3";
import type { ReferenceInfo, ReferenceKind } from "../../shared/api/reference-data.ts";
import { recountGroups } from "./group-keys.ts";

/** One record as kept: its form the till reads, and the parts of it left out (none: empty). */
export interface KeptReference<K extends ReferenceKind = ReferenceKind> {
  value: ReferenceInfo[K] & { id: string };
  unusable: string[];
}

export interface ReferenceWrites {
  saveList(kind: ReferenceKind, kept: readonly KeptReference[], refused: number): void;
  noteAbsent(kind: ReferenceKind): void;
  /** Counts each group's products again: after a sync changed them. */
  recountGroups(): void;
}

export function referenceWrites(db: Database, clock: () => number): ReferenceWrites {
  const clear = db.prepare("DELETE FROM reference_records WHERE kind = ?");
  // A list naming one id twice keeps its last entry.
  const save = db.prepare(
    "INSERT OR REPLACE INTO reference_records (kind, id, info, parts) VALUES (?, ?, ?, ?)",
  );
  const note = db.prepare(
    "INSERT OR REPLACE INTO reference_lists (kind, state, records, refused, checked_at) VALUES (?, ?, ?, ?, ?)",
  );
  const held = db.prepare<[string], number>("SELECT count(*) FROM reference_records WHERE kind = ?").pluck();
  return {
    saveList(kind, kept, refused) {
      db.transaction(() => {
        clear.run(kind);
        for (const { value, unusable } of kept)
          save.run(
            kind,
            value.id,
            JSON.stringify(value),
            unusable.length === 0 ? null : JSON.stringify(unusable),
          );
        note.run(kind, "held", held.get(kind), refused, clock());
      }).immediate();
    },
    recountGroups() {
      db.transaction(() => db.exec(recountGroups)).immediate();
    },
    noteAbsent(kind) {
      db.transaction(() => {
        clear.run(kind);
        note.run(kind, "absent", 0, 0, clock());
      }).immediate();
    },
  };
}
