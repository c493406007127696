// docs/labels-sheet.png: the first A4 sheet of shelf labels a Berlin Mitte till prints for the demo
// catalog (the core's PDF, the CLI's `labels --out`), rendered by poppler's pdftoppm at 100 dpi.
// Called by npm run screenshot with its signed-in, synced till.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { CatalogApp } from "../src/core/app/index.ts";

export async function takeLabelsSheetPicture(
  catalog: Pick<CatalogApp, "shelfLabels" | "labelsPdf">,
  target: string,
) {
  const list = await catalog.shelfLabels({ all: true });
  // A sheet's worth, of labels with a price and a barcode (as a shop prints them), names of every length.
  const ids = list.rows
    .filter((row) => row.label.price !== null && row.label.code !== null)
    .slice(0, 24)
    .map((row) => row.label.productId);
  const { pdf } = await catalog.labelsPdf({ ids, layout: "a4-3x8" });
  const work = await mkdtemp(join(tmpdir(), "labels-picture-"));
  try {
    await writeFile(join(work, "sheet.pdf"), Buffer.from(pdf, "base64"));
    await promisify(execFile)("pdftoppm", [
      "-png",
      "-r",
      "100",
      "-singlefile",
      join(work, "sheet.pdf"),
      target.replace(/\.png$/u, ""),
    ]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
