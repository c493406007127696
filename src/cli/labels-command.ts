// `labels`: the shelf labels to print after the syncs, with why each is due, offline: as text, as
// JSON, or as a PDF ready to print; `--mark-printed` keeps them as printed so the list empties.
import { writeFile } from "node:fs/promises";
import { AppError } from "../shared/app-error.ts";
import {
  type LabelLayoutName,
  type LabelReason,
  labelLayouts,
  type ShelfLabelList,
} from "../shared/catalog/shelf-labels.ts";
import { dataDirOption, parseCommandArgs } from "./cli-args.ts";
import { type Command, exitCodes, writeJson } from "./cli-io.ts";
import { withCatalog } from "./open-catalog.ts";
import { counted } from "./people-format.ts";

export const labelsCommand: Command = {
  usage: `labels [--all] [--group NAME] [--layout ${labelLayouts.join("|")}] [--json] [--out FILE.pdf] [--mark-printed]`,
  async run(args, io) {
    const options = {
      ...dataDirOption,
      all: { type: "boolean" },
      group: { type: "string" },
      layout: { type: "string" },
      json: { type: "boolean" },
      out: { type: "string" },
      "mark-printed": { type: "boolean" },
    } as const;
    const { values } = parseCommandArgs(args, options, 0);
    const layout = layoutOf(values.layout, values.out);
    if (values.group !== undefined && values.group.trim() === "")
      throw new AppError("invalid-input", "--group needs the name of a product group.");
    if (values.out !== undefined && values.out.trim() === "")
      throw new AppError("invalid-input", "--out needs the name of the PDF file to write.");
    return withCatalog(values["data-dir"], io, async (catalog) => {
      const list = await catalog.shelfLabels({ all: values.all, group: values.group?.trim() });
      const ids = list.rows.map((row) => row.label.productId);
      if (values.json) writeJson(io, list);
      else io.stdout.write(describeList(list, values.all === true));
      if (values.out !== undefined && ids.length > 0) {
        const made = await catalog.labelsPdf({ ids, layout });
        await writePdf(values.out, Buffer.from(made.pdf, "base64"));
        io.stderr.write(`Wrote ${counted(made.labels, "label", "labels")} (${layout}) to ${values.out}.\n`);
      } else if (values.out !== undefined) io.stderr.write(`No labels, so ${values.out} was not written.\n`);
      if (values["mark-printed"] && ids.length > 0) {
        const { marked } = await catalog.markLabelsPrinted({ ids });
        io.stderr.write(`Marked ${counted(marked, "label", "labels")} as printed.\n`);
      }
      return exitCodes.ok;
    });
  },
};

/** The PDF where it was asked for; a folder that is missing or closed to this user said in words. */
async function writePdf(file: string, bytes: Buffer): Promise<void> {
  try {
    await writeFile(file, bytes);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new AppError(
      "invalid-input",
      `The PDF could not be written to ${file} (${reason}). Give --out a file in a folder that exists and that you may write to; nothing was marked printed.`,
    );
  }
}

function layoutOf(value: string | undefined, out: string | undefined): LabelLayoutName {
  if (value === undefined) return "a4-3x8";
  if (out === undefined) throw new AppError("invalid-input", "--layout goes with --out FILE.pdf.");
  if ((labelLayouts as readonly string[]).includes(value)) return value as LabelLayoutName;
  throw new AppError("invalid-input", `--layout must be ${labelLayouts.join(" or ")}, not "${value}".`);
}

function describeList(list: ShelfLabelList, all: boolean): string {
  const where = list.branch === null ? "the default prices" : (list.branch.name ?? list.branch.id);
  if (list.rows.length === 0)
    return all ? "No products in the local catalog: sync first.\n" : `No labels to print (${where}).\n`;
  const lines = [`${counted(list.rows.length, "label", "labels")} ${all ? "" : "to print "}(${where}):`];
  let group: string | undefined;
  for (const row of list.rows) {
    const name = row.group.name ?? row.group.id ?? "(in no group)";
    if (name !== group) lines.push(name);
    group = name;
    const price =
      row.label.price === null ? "no price" : `${row.label.price.amount} ${row.label.price.currency}`;
    const why = row.reasons.map(reasonText).join("; ");
    lines.push(
      `  ${row.label.name}  ${price}  ${row.label.code?.value ?? "no code"}${why === "" ? "" : `  [${why}]`}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

const reasonWords: Record<LabelReason["kind"], string> = {
  new: "new product",
  price: "price",
  "offer-starts": "offer starts",
  "offer-ends": "offer ends",
  deposit: "deposit",
  "unit-price": "unit price",
  name: "name",
  barcode: "barcode",
  size: "size",
  sku: "SKU",
  options: "options",
  "offer-last-day": "offer's last day",
};

function reasonText(reason: LabelReason): string {
  if (reason.kind === "new") return reasonWords.new;
  return `${reasonWords[reason.kind]} ${reason.from ?? "none"} -> ${reason.to ?? "none"}`;
}
