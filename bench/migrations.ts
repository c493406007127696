// How long the catalog's migrations take on a file of the benchmark's size (`--only migrations`): a
// copy of the lookup fixture's catalog, taken back to version 6 by the tests' own rewind
// (test/support/version-6-catalog.ts), then brought up one migration at a time on the connection the
// app's start opens. The baseline is copying the file, the least an upgrade that touches every
// row could cost. Also the bytes per product of the file as written, and after the upgrade (a
// migration leaves the pages it frees for later writes).
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { openConnection } from "../src/core/catalog/catalog-connection.ts";
import { migrate, migrations } from "../src/core/catalog/catalog-migrations.ts";
import { rewindToVersion6 } from "../test/support/version-6-catalog.ts";
import type { Fixture } from "./catalog-fixture.ts";
import { type Figure, type Side, sizeName, timed } from "./figure.ts";

/** The migrations measured, each run alone from the version before it: every one since version 6. */
const measured = migrations.map((migration) => migration.version).filter((version) => version > 6);

export async function migrationFigures(fixture: Fixture, log: (line: string) => void): Promise<Figure[]> {
  const scratch = mkdtempSync(join(tmpdir(), "migrations-bench-"));
  const size = sizeName(fixture.count);
  const live = fixture.writes.live;
  try {
    const file = join(scratch, "catalog.sqlite");
    const copy = await timed(() => copyCatalog(fixture.storeFile, file));
    const written = statSync(file).size / live;
    const side = (run: Side): Side => ({ wallMs: run.wallMs, cpuMs: run.cpuMs });
    const figures: Figure[] = [];
    const measure = async (version: number) => {
      log(`  migration ${version} at ${size}`);
      const run = await timed(() => migrateTo(file, version));
      figures.push({
        key: `migration_${version}_${size}_ms`,
        label: `migration ${version} on a catalog of ${size}, alone (wall; CPU in the columns)`,
        unit: "ms",
        value: run.wallMs,
        baselineLabel: "copying the catalog file",
        baseline: copy.wallMs,
        goal: "",
        ours: side(run),
        base: side(copy),
      });
    };
    log(`  rewinding a copy of the ${size} catalog to version 6`);
    rewindToVersion6(file);
    for (const version of measured) await measure(version);
    checkpoint(file);
    return [
      ...figures,
      {
        key: `bytes_per_product_upgraded_${size}_b`,
        label: `bytes on disk per product of the ${size} catalog upgraded from version 6 (free pages included)`,
        unit: "B",
        value: statSync(file).size / live,
        baselineLabel: "the same catalog as written at the newest version",
        baseline: written,
        goal: "",
      },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The file with its write-ahead log folded in, copied. */
function copyCatalog(from: string, to: string): void {
  checkpoint(from);
  copyFileSync(from, to);
  if (existsSync(`${from}-wal`)) copyFileSync(`${from}-wal`, `${to}-wal`);
}

function checkpoint(file: string): void {
  const db = new BetterSqlite3(file);
  try {
    db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
}

/** The file brought up to `version` on a connection the app's start opens, as that start runs them. */
function migrateTo(file: string, version: number): void {
  const db = openConnection(file, { readonly: false });
  try {
    migrate(
      db,
      file,
      migrations.filter((migration) => migration.version <= version),
      () => {},
    );
  } finally {
    db.close();
  }
}
