// `keys`: the till's counter keys offline, as the Keys screen shows them: the favourite set's tabs
// and one tab's keys with the prices this till charges (or the product groups as tabs when the
// account has no set). `groups`: the product groups with how many products each holds.
import { AppError } from "../shared/app-error.ts";
import type { CounterKey, CounterKeys, ProductGroupCount } from "../shared/catalog/counter-keys.ts";
import { dataDirOption, integerFlag, parseCommandArgs } from "./cli-args.ts";
import { type Command, exitCodes, writeJson } from "./cli-io.ts";
import { withCatalog } from "./open-catalog.ts";
import { count } from "./people-format.ts";
import { describePrice } from "./product-text.ts";

export const keysCommand: Command = {
  usage: "keys [--set NAME] [--tab N] [--json]",
  async run(args, io) {
    const options = {
      ...dataDirOption,
      set: { type: "string" },
      tab: { type: "string" },
      json: { type: "boolean" },
    } as const;
    const { values } = parseCommandArgs(args, options, 0);
    // Tabs are counted from 1, as the screen's digit keys pick them.
    const tab = integerFlag("tab", values.tab, 1, 25);
    if (values.set !== undefined && values.set.trim() === "")
      throw new AppError("invalid-input", "--set needs the name of a favourite set.");
    return withCatalog(values["data-dir"], io, async (catalog) => {
      const keys = await catalog.keys({ set: values.set, tab: tab === undefined ? undefined : tab - 1 });
      // The catalog answers the first tab for one it does not have; asked by number, that is a wrong answer.
      if (tab !== undefined && keys.tabs.length > 0 && tab > keys.tabs.length)
        throw new AppError(
          "invalid-input",
          `--tab ${tab}: there are only ${keys.tabs.length} tabs (${keys.tabs.map((shown, index) => `${index + 1} ${shown.name ?? "(no name)"}`).join(", ")}).`,
        );
      if (values.json) writeJson(io, keys);
      else io.stdout.write(describeKeys(keys));
      return exitCodes.ok;
    });
  },
};

export const groupsCommand: Command = {
  usage: "groups [--json]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { ...dataDirOption, json: { type: "boolean" } }, 0);
    return withCatalog(values["data-dir"], io, async (catalog) => {
      const groups = await catalog.productGroups();
      if (values.json) writeJson(io, groups);
      else io.stdout.write(describeGroups(groups));
      return exitCodes.ok;
    });
  },
};

const chosenWords: Record<NonNullable<CounterKeys["chosenBy"]>, string> = {
  asked: "as asked",
  "branch-default": "the branch's default",
  "only-set": "the account's only set",
  setting: "as the settings name it",
};

function describeKeys(keys: CounterKeys): string {
  const lines: string[] = [];
  if (keys.notice !== null) lines.push(keys.notice);
  if (keys.source === "groups")
    lines.push("No favourite set for this till: the product groups are the tabs, largest first.");
  else if (keys.set !== null && keys.chosenBy !== null)
    lines.push(`Favourite set: ${keys.set.name ?? keys.set.id} (${chosenWords[keys.chosenBy]})`);
  if (keys.sets.length > 1) lines.push(`Sets: ${keys.sets.map((set) => set.name ?? set.id).join(", ")}`);
  if (keys.tabs.length === 0) {
    lines.push("No keys yet: sync, or arrange a favourite set at the service (docs/keys.md).");
    return `${lines.join("\n")}\n`;
  }
  lines.push(`Tabs: ${keys.tabs.map((tab, index) => `${index + 1} ${tab.name ?? "(no name)"}`).join(" | ")}`);
  const shown = keys.tab === null ? null : keys.tabs[keys.tab];
  if (shown !== undefined && shown !== null && keys.tab !== null)
    lines.push(`Tab ${keys.tab + 1}: ${shown.name ?? "(no name)"}`);
  for (const key of keys.keys) lines.push(keyLine(key));
  if (keys.next !== null)
    lines.push(`  … and ${count((shown?.keys ?? 0) - keys.keys.length)} more in this group`);
  return `${lines.join("\n")}\n`;
}

function keyLine(key: CounterKey): string {
  const place = String(key.position).padStart(4);
  if (key.disabled !== null)
    return `${place}  ${key.name ?? key.id}  [cannot be used: ${key.disabled.message}]`;
  if (key.kind === "group") return `${place}  ${key.name ?? key.id}  (a group: opens its products)`;
  const notes = [
    ...(key.variantParent ? ["pick a variant"] : []),
    ...(key.priceEntry ? ["price entered at sale"] : []),
  ];
  const price = key.priceEntry && key.price === null ? "" : `  ${describePrice(key.price)}`;
  return `${place}  ${key.name ?? key.id}${price}${notes.length === 0 ? "" : `  (${notes.join("; ")})`}`;
}

function describeGroups(groups: ProductGroupCount[]): string {
  if (groups.length === 0) return "No product groups in the local catalog: sync first.\n";
  const lines = groups.map((group) => {
    const name =
      group.id === null ? "(in no group)" : (group.name ?? `${group.id} (not listed by the service)`);
    return `${count(group.products).padStart(8)}  ${name}`;
  });
  return `Products  Group\n${lines.join("\n")}\n`;
}
