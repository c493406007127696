// Mending the parts of a record the catalog reads entry by entry (codes, barcodes, child summaries,
// options, attributes, prices): an entry it cannot use is left out, named with where it sits and
// why, and the rest kept. Used by product-reading.ts for the rare record that needs it.

type Mend = (value: unknown, path: string, unusable: string[]) => unknown;

/** A value's kind in words, for naming what was found where something else was expected. */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return `a ${typeof value}`;
}

/** Lists the catalog reads entry by entry: a bad entry is left out, the good ones kept. */
export function entries(
  value: unknown,
  path: string,
  unusable: string[],
  keep: (entry: unknown, at: string) => unknown,
  what: string,
) {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) {
    unusable.push(`${path}: ${describe(value)}, not a list`);
    return null;
  }
  const kept: unknown[] = [];
  value.forEach((entry, index) => {
    const at = `${path}[${index}]`;
    const usable = keep(entry, at);
    if (usable === undefined) unusable.push(`${at}: ${what}`);
    else kept.push(usable);
  });
  return kept;
}

const isText = (value: unknown): value is string => typeof value === "string";
const textOrNull = (value: unknown) => (isText(value) ? value : null);
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Attributes keep their text values; a value of another type is left out. */
function textRecord(value: unknown, path: string, unusable: string[]) {
  if (value === null || value === undefined) return null;
  if (!isObject(value)) {
    unusable.push(`${path}: ${describe(value)}, not names and values`);
    return null;
  }
  const kept: Record<string, string> = {};
  for (const [name, text] of Object.entries(value)) {
    if (isText(text)) kept[name] = text;
    else unusable.push(`${path}.${name}: ${describe(text)}, not text`);
  }
  return kept;
}

function code(entry: unknown) {
  if (!isObject(entry) || !isText(entry.data)) return undefined;
  return { ...entry, type: textOrNull(entry.type), caption: textOrNull(entry.caption) };
}

function childSummary(entry: unknown, path: string, unusable: string[]) {
  if (!isObject(entry) || !isText(entry.id) || entry.id === "") return undefined;
  return {
    ...entry,
    name: textOrNull(entry.name),
    custom_id: textOrNull(entry.custom_id),
    attributes: textRecord(entry.attributes, `${path}.attributes`, unusable),
    barcodes: entries(entry.barcodes, `${path}.barcodes`, unusable, keepText, "a barcode that is not text"),
  };
}

function keepText(entry: unknown) {
  return isText(entry) ? entry : undefined;
}

function option(entry: unknown) {
  if (!isObject(entry)) return undefined;
  const lists = Object.values(entry);
  return lists.every((values) => Array.isArray(values) && values.every(isText)) ? entry : undefined;
}

const numberOrNull = (value: unknown) => (typeof value === "number" ? value : null);

function defaultPrice(entry: unknown) {
  if (!isObject(entry) || !isText(entry.currency) || !isObject(entry.amount)) return undefined;
  const { net, gross } = entry.amount;
  return {
    ...entry,
    amount: { ...entry.amount, net: numberOrNull(net), gross: numberOrNull(gross) },
    cost: numberOrNull(entry.cost),
    margin: numberOrNull(entry.margin),
    purchase_price: numberOrNull(entry.purchase_price),
  };
}

function prices(value: unknown, path: string, unusable: string[]) {
  if (value === null || value === undefined) return null;
  if (!isObject(value)) {
    unusable.push(`${path}: ${describe(value)}, not price lists`);
    return null;
  }
  const lists: Record<string, unknown> = { ...value };
  for (const [name, list] of Object.entries(value)) {
    if (list === null || list === undefined || Array.isArray(list)) continue;
    unusable.push(`${path}.${name}: ${describe(list)}, not a list`);
    lists[name] = null;
  }
  lists.default_prices = entries(
    value.default_prices,
    `${path}.default_prices`,
    unusable,
    defaultPrice,
    "a price without amount or currency",
  );
  return lists;
}

export const menders: Record<string, Mend> = {
  codes: (value, path, unusable) => entries(value, path, unusable, code, "a code without data"),
  barcodes: (value, path, unusable) => entries(value, path, unusable, keepText, "a barcode that is not text"),
  children: (value, path, unusable) =>
    entries(
      value,
      path,
      unusable,
      (entry, at) => childSummary(entry, at, unusable),
      "a child summary without id",
    ),
  options: (value, path, unusable) => entries(value, path, unusable, option, "an option that is not a list"),
  attributes: textRecord,
  prices,
};
