// Values generated from a JSON Schema (draft-07, the parts the upstream's product schema uses), for
// property tests: whatever such a schema lets the service send, the till must take without throwing.
import fc from "fast-check";

type Node = Record<string, unknown>;

const json = fc.jsonValue({ maxDepth: 2 });

/** Optional properties come and go; strings stay short so a run stays quick. */
export function arbitraryOf(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (typeof schema !== "object" || schema === null) return json;
  const node = schema as Node;
  if (Array.isArray(node.enum)) return fc.constantFrom(...node.enum);
  if ("const" in node) return fc.constant(node.const);
  const branches = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) return fc.oneof(...branches.map((branch) => arbitraryOf(branch, depth)));
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (node.type === undefined) return node.properties ? objectOf(node, depth) : json;
  return fc.oneof(...types.map((type) => ofType(String(type), node, depth)));
}

function ofType(type: string, node: Node, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({
        min: (node.minimum as number) ?? -1000,
        max: (node.maximum as number) ?? 1_000_000,
      });
    case "number":
      return numberOf(node);
    case "string":
      return stringOf(node);
    case "array":
      return depth > 3
        ? fc.constant([])
        : fc.array(node.items ? arbitraryOf(node.items, depth + 1) : json, { maxLength: 3 });
    case "object":
      return depth > 3 ? fc.constant({}) : objectOf(node, depth);
    default:
      return json;
  }
}

function numberOf(node: Node): fc.Arbitrary<number> {
  const min = (node.minimum as number | undefined) ?? -1000;
  const max = (node.maximum as number | undefined) ?? 1_000_000;
  if (node.multipleOf === 0.01)
    return fc.integer({ min: min * 100, max: max * 100 }).map((cents) => cents / 100);
  return fc.double({ min, max, noNaN: true });
}

function stringOf(node: Node): fc.Arbitrary<string> {
  if (node.format === "uuid") return fc.uuid();
  if (node.format === "date-time")
    return fc.integer({ min: 0, max: 4e12 }).map((ms) => new Date(ms).toISOString());
  if (node.format === "uri") return fc.webUrl();
  const minLength = (node.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((node.maxLength as number | undefined) ?? 12, Math.max(minLength, 12));
  return fc.string({ minLength, maxLength });
}

function objectOf(node: Node, depth: number): fc.Arbitrary<unknown> {
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  const shape = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key, arbitraryOf(value, depth + 1)]),
  );
  // A schema may require a key it only describes in one of its branches: that key is left out here.
  const required = ((node.required as string[] | undefined) ?? []).filter((key) => key in shape);
  return fc.record(shape, { requiredKeys: required });
}
