// `check`: the full integrity check of the local catalog, on demand. A damaged file is set aside
// (never deleted) and the next sync downloads the catalog again.
import type { ProductWithUnusableParts, ReferenceWithUnusableParts } from "../core/app/index.ts";
import { dataDirOption, parseCommandArgs } from "./cli-args.ts";
import { type Command, exitCodes, writeJson } from "./cli-io.ts";
import { withCatalog } from "./open-catalog.ts";
import { counted } from "./people-format.ts";

export const checkCommand: Command = {
  usage: "check [--json]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { ...dataDirOption, json: { type: "boolean" } }, 0);
    return withCatalog(values["data-dir"], io, async (catalog) => {
      const check = await catalog.check();
      if (values.json) writeJson(io, check);
      else if (check.problem === null) {
        io.stdout.write(`The catalog file ${check.file} is intact.\n`);
        io.stdout.write(describeUnusable(check.withUnusableParts));
        io.stdout.write(describeUnusableReferences(check.referencesWithUnusableParts));
      } else {
        io.stdout.write(
          `The catalog file was damaged (${check.problem}). It has been set aside as ${check.setAsideAs}; ` +
            "run sync to download the catalog again.\n",
        );
      }
      return check.problem === null ? exitCodes.ok : exitCodes.failed;
    });
  },
};

function describeUnusable(products: ProductWithUnusableParts[]): string {
  if (products.length === 0) return "";
  const lines = products.map((product) => `  ${product.name || product.id}: ${product.parts.join("; ")}`);
  return `${counted(products.length, "product is", "products are")} sold without parts the till cannot use; correct them at the service:\n${lines.join("\n")}\n`;
}

function describeUnusableReferences(records: ReferenceWithUnusableParts[]): string {
  if (records.length === 0) return "";
  const lines = records.map((record) => `  ${record.kind} ${record.id}: ${record.parts.join("; ")}`);
  return `${counted(records.length, "favourite set, group or tax is", "favourite sets, groups or taxes are")} kept without parts the till cannot use; correct them at the service:\n${lines.join("\n")}\n`;
}
