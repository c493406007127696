// The sync checks records with isProductRecord (ajv, compiled from productCheckSchema) and, for those it
// refuses, with productCheckSchema, a cheaper form of productSchema: each must accept and reject
// exactly the same records as productSchema, whatever a field holds, at any depth, or be missing. So
// must the check a bundle carries, compiled when the bundle was built (product-check-plugin.mjs).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompiledProductCheck } from "../../../src/cli/product-check-plugin.mjs";
import { isProductRecord } from "../../../src/core/api/product-record-check.ts";
import { generateDemoCatalog } from "../../../src/server/demo/demo-catalog.ts";
import { productCheckSchema, productSchema } from "../../../src/shared/api/product.ts";

const records = JSON.parse(
  JSON.stringify(generateDemoCatalog({ count: 60, seed: 5, accountId: "acct", now: Date.UTC(2026, 0, 1) })),
) as Record<string, unknown>[];
const fields = Object.keys(productSchema.shape);

const anyValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.string(),
  fc.array(fc.oneof(fc.string(), fc.integer())),
  fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer())),
);

/** A demo record with a few fields (known ones or new ones) set to anything, or removed. */
const mangledRecord = fc
  .record({
    index: fc.nat(records.length - 1),
    changes: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...fields), fc.string()), anyValue), {
      maxLength: 3,
    }),
  })
  .map(({ index, changes }) => {
    const record = structuredClone(records[index] as Record<string, unknown>);
    for (const [field, value] of changes) {
      if (value === undefined) delete record[field];
      else record[field] = value;
    }
    return record;
  });

/**
 * A demo record with a few values anywhere inside it (a price's amount, a code's data, a child's
 * attribute) set to anything, or removed: each change walks down by the given turns.
 */
const deeplyMangledRecord = fc
  .record({
    index: fc.nat(records.length - 1),
    changes: fc.array(fc.tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), anyValue), {
      minLength: 1,
      maxLength: 3,
    }),
  })
  .map(({ index, changes }) => {
    const record = structuredClone(records[index] as Record<string, unknown>);
    for (const [turns, value] of changes) changeInside(record, turns, value);
    return record;
  });

function changeInside(record: Record<string, unknown>, turns: number[], value: unknown): void {
  let here: Record<string, unknown> = record;
  for (const [step, turn] of turns.entries()) {
    const keys = Object.keys(here);
    if (keys.length === 0) return;
    const key = keys[turn % keys.length] as string;
    const next = here[key];
    if (step < turns.length - 1 && typeof next === "object" && next !== null) {
      here = next as Record<string, unknown>;
      continue;
    }
    if (value === undefined) delete here[key];
    else here[key] = value;
    return;
  }
}

/** Runs `check` and productSchema on records changed at the top or deep inside: same verdict each time. */
function expectSameVerdicts(check: (record: unknown) => boolean): void {
  const verdicts = { accepted: 0, rejected: 0 };
  fc.assert(
    fc.property(fc.oneof(mangledRecord, deeplyMangledRecord), (record) => {
      const checked = check(record);
      expect(checked).toBe(productSchema.safeParse(record).success);
      verdicts[checked ? "accepted" : "rejected"] += 1;
    }),
    { numRuns: 3000 },
  );
  // Both verdicts were reached, so the comparison was not made on one side only.
  expect(verdicts.accepted).toBeGreaterThan(100);
  expect(verdicts.rejected).toBeGreaterThan(100);
}

describe("isProductRecord", () => {
  it("accepts and rejects exactly what productSchema does, whatever changed and how deep", () => {
    expectSameVerdicts(isProductRecord);
  });

  it("accepts every record of the demo catalog", () => {
    expect(records.filter((record) => !isProductRecord(record))).toEqual([]);
  });
});

describe("the product check a bundle carries", () => {
  const validatorFile = fileURLToPath(
    new URL("../../../src/core/api/product-record-validator.ts", import.meta.url),
  );
  // Inside the project, as a bundle is, so that the module finds ajv's helpers where a bundle does.
  const cache = fileURLToPath(new URL("../../../node_modules/.cache", import.meta.url));
  let dir: string;
  let bundledCheck: (record: unknown) => boolean;

  beforeAll(async () => {
    const code = await precompiledProductCheck().load(validatorFile);
    if (code === null) throw new Error("the plugin left the validator module as it was");
    mkdirSync(cache, { recursive: true });
    dir = mkdtempSync(join(cache, "product-check-test-"));
    const file = join(dir, "product-record-validator.mjs");
    writeFileSync(file, code);
    const { productRecordValidator } = await import(pathToFileURL(file).href);
    bundledCheck = productRecordValidator();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("accepts and rejects exactly what productSchema does, whatever changed and how deep", () => {
    expectSameVerdicts(bundledCheck);
  });

  it("accepts every record of the demo catalog", () => {
    expect(records.filter((record) => !bundledCheck(record))).toEqual([]);
  });

  it("measures text with ajv's own helper: an empty id or type is refused, one character is enough", () => {
    const record = records[0] as Record<string, unknown>;
    for (const field of ["id", "type"]) {
      expect(bundledCheck({ ...record, [field]: "" }), field).toBe(false);
      expect(bundledCheck({ ...record, [field]: "\u{1F9C0}" }), field).toBe(true);
    }
  });

  it("replaces the validator's module alone", async () => {
    expect(await precompiledProductCheck().load(fileURLToPath(import.meta.url))).toBeNull();
  });
});

describe("productCheckSchema", () => {
  it("accepts and rejects exactly what productSchema does, whatever changed and how deep", () => {
    expectSameVerdicts((record) => productCheckSchema.safeParse(record).success);
  });

  it("names the same fields as productSchema when it rejects", () => {
    const record = { ...(records[0] as Record<string, unknown>), name: 7, prices: "free" };
    const paths = (schema: typeof productSchema | typeof productCheckSchema) =>
      schema.safeParse(record).error?.issues.map((issue) => issue.path.join("."));
    expect(paths(productCheckSchema)).toEqual(paths(productSchema));
    expect(paths(productCheckSchema)).toEqual(["name", "prices"]);
  });
});
