// Property: every favourite set, product group and tax the upstream's own published schemas call
// valid is kept whole by the till. Records are generated from those schemas (json-schema-faker, every
// optional field present, a new seed each run), checked valid by them with ajv, served over loopback
// HTTP in place of the reference service's own lists, and synced by the real sync into a real catalog
// file: each live record is kept with no part left out, none is refused, and the keys and groups
// answers built from them follow their contract. UPSTREAM_SCHEMA_SEED=N repeats a run.
import { describe, expect, it } from "vitest";
import { counterKeysSchema, productGroupCountSchema } from "../../../src/shared/catalog/counter-keys.ts";
import { proxiedService } from "../../support/proxied-service.ts";
import { generatedRecord } from "../../support/schema-records.ts";
import {
  favouriteRecordSchema,
  oracle,
  productGroupRecordSchema,
  taxRecordSchema,
} from "../../support/upstream-schemas.ts";

const perKind = 150;
const seed = Number(process.env.UPSTREAM_SCHEMA_SEED ?? Math.floor(Math.random() * 2 ** 31));

const kinds = {
  favourites: favouriteRecordSchema(),
  product_groups: productGroupRecordSchema(),
  taxes: taxRecordSchema(),
} as const;
type Kind = keyof typeof kinds;

/** Records of one kind: generated, the generator's slips mended, each with an id of its own. */
function generated(kind: Kind, offset: number): Record<string, unknown>[] {
  const schema = kinds[kind];
  return Array.from({ length: perKind }, (_, index) => {
    const record = generatedRecord(schema, seed + offset + index);
    record.id = `${String(offset + index).padStart(8, "0")}-0000-4000-8000-000000000000`;
    return record;
  });
}

const services = proxiedService({ demoProducts: 60, seed: 3 });

describe("records the upstream's schemas for favourites, product groups and taxes call valid", () => {
  it(`are all kept with every part (${perKind} of each, seed ${seed})`, async () => {
    try {
      const records = {
        favourites: generated("favourites", 0),
        product_groups: generated("product_groups", 10_000),
        taxes: generated("taxes", 20_000),
      };
      for (const kind of Object.keys(kinds) as Kind[]) {
        const valid = oracle(kinds[kind]);
        const refused = records[kind]
          .map((record) => valid.problems(record))
          .find((found) => found.length > 0);
        expect(refused, `a generated ${kind} record its schema refuses`).toBeUndefined();
      }
      const { upstream } = services.running();
      upstream.behave({
        rewrite({ path }, body) {
          const kind = (Object.keys(kinds) as Kind[]).find((name) => path.startsWith(`/api/v0/${name}/`));
          return kind === undefined ? body : { ...body, count: perKind, results: records[kind] };
        },
      });
      const core = await services.till(true);
      await core.sync();

      const live = (kind: Kind) => records[kind].filter((record) => record.deleted !== true);
      const data = (await core.status()).referenceData;
      expect(data.favourites).toEqual({
        held: live("favourites").length,
        state: "read",
        refused: 0,
        withUnusableParts: 0,
      });
      expect(data.productGroups).toEqual({
        held: live("product_groups").length,
        state: "read",
        refused: 0,
        withUnusableParts: 0,
      });
      expect(data.taxes).toEqual({
        held: live("taxes").length,
        state: "read",
        refused: 0,
        withUnusableParts: 0,
      });

      // Each group listed by its name and colour, as the record gives them.
      const groups = await core.keys.groups();
      for (const group of live("product_groups")) {
        const listed = groups.find((item) => item.id === group.id);
        expect(productGroupCountSchema.parse(listed)).toMatchObject({
          name: group.name ?? null,
          color: group.color ?? null,
        });
      }
      // Every tab of every active set with a name answers keys that follow the contract.
      for (const set of live("favourites").filter((record) => record.active !== false)) {
        const tabs = (set.tabs as unknown[] | undefined)?.length ?? 0;
        for (let tab = 0; tab < Math.max(1, Math.min(tabs, 25)); tab++) {
          const answer = counterKeysSchema.parse(await core.keys.keys({ set: set.name as string, tab }));
          expect(answer.source).toBe("favourites");
          expect(
            answer.keys.every(
              (key) => key.kind !== "product" || key.disabled?.kind === "missing" || key.name !== null,
            ),
          ).toBe(true);
        }
      }
      upstream.behave({});
    } catch (error) {
      throw new Error(`failed with seed ${seed} (UPSTREAM_SCHEMA_SEED=${seed} repeats it)`, { cause: error });
    }
  }, 300_000);
});
