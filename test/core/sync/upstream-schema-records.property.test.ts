// Property: every record the upstream's own published schema calls valid is a product the till can
// sell. Records are generated from that schema (json-schema-faker, every optional field present),
// given ids, timestamps and unique codes, served over loopback HTTP and synced by the real sync into a
// real catalog file: each is kept, found by each of its codes, and found by search on its name, and no
// lookup fails. UPSTREAM_SCHEMA_SEED=N repeats a run; a failure names its seed.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openCliCatalog } from "../../../src/cli/open-catalog.ts";
import { type ModelUpstream, startModelUpstream } from "../../support/model-upstream.ts";
import { byRunLength } from "../../support/run-length.ts";
import { generatedRecord, uniqueCodes } from "../../support/schema-records.ts";
import { oracle, productRecordSchema } from "../../support/upstream-schemas.ts";

// 500 records in `npm test`, 2,000 in `npm run test:long`; each run draws a new seed.
const recordCount = byRunLength(500, 2_000);
const seed = Number(process.env.UPSTREAM_SCHEMA_SEED ?? Math.floor(Math.random() * 2 ** 31));
const base = Date.UTC(2026, 0, 1);

const schema = productRecordSchema();
const valid = oracle(schema);

/** Record `index` of the run: generated, valid, with codes of its own. */
function generated(index: number): Record<string, unknown> {
  return uniqueCodes(generatedRecord(schema, seed + index), () => `Z${(codeCount++).toString(36)}`);
}

let codeCount = 0;

/** The texts a record is found by: its barcode, each of its barcodes, each code's data. */
function stringCodes(record: Record<string, unknown>): string[] {
  const codes = [record.barcode, ...((record.barcodes as unknown[]) ?? [])];
  for (const code of (record.codes as { data?: unknown }[] | null) ?? []) codes.push(code?.data);
  return codes.filter((code): code is string => typeof code === "string" && code.trim() !== "");
}

const dirs: string[] = [];
let upstream: ModelUpstream | undefined;
afterAll(async () => {
  await upstream?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe("records the upstream's product schema calls valid", () => {
  it(`are all kept, found by each code and by name (${recordCount} records, seed ${seed})`, async () => {
    try {
      const records = Array.from({ length: recordCount }, (_, index) => generated(index));
      const invalid = records.map((record) => valid.problems(record)).find((problems) => problems.length > 0);
      expect(invalid, "a generated record the upstream's schema refuses").toBeUndefined();
      upstream = await startModelUpstream(
        records.map((record, index) => ({
          id: record.id as string,
          // Runs of equal instants, as imports make them.
          updatedAt: base + Math.floor(index / 7) * 1000,
          deleted: false,
          record,
        })),
      );
      const dataDir = await mkdtemp(join(tmpdir(), "schema-records-"));
      dirs.push(dataDir);
      const catalog = openCliCatalog(dataDir);
      try {
        await catalog.start();
        await catalog.signInApiKey({
          baseUrl: upstream.baseUrl,
          accountId: "acct",
          apiKey: "key",
          remember: false,
        });
        // Four pages at either length.
        const summary = await catalog.startSync({ mode: "incremental", pageSize: recordCount / 4 });
        expect(summary.rejected).toBe(0);
        expect((await catalog.catalogStatus()).products).toBe(recordCount);
        for (const record of records) {
          for (const code of stringCodes(record)) {
            const answer = await catalog.lookup({ code });
            expect(answer.match?.product.id, `code ${JSON.stringify(code)}`).toBe(record.id);
          }
          const name = record.name as string;
          // The search matches three letters or more (trigrams).
          if (name.trim().length < 3) continue;
          const found = await catalog.search({ text: name, limit: 50 });
          expect(
            found.map((product) => product.id),
            `name ${JSON.stringify(name)}`,
          ).toContain(record.id);
        }
      } finally {
        await catalog.close();
      }
    } catch (error) {
      throw new Error(`failed with seed ${seed} (UPSTREAM_SCHEMA_SEED=${seed} repeats it)`, { cause: error });
    }
  }, 600_000);
});
