import type { CatalogFileSyncSummary } from "../core/app/index.ts";
import { pagingLimits } from "../shared/api/pagination.ts";
import { defaultSettings } from "../shared/settings/app-settings.ts";
import { dataDirOption, integerFlag, parseCommandArgs } from "./cli-args.ts";
import { type Command, exitCodes, writeJson } from "./cli-io.ts";
import { withCatalog } from "./open-catalog.ts";
import { count, counted } from "./people-format.ts";
import { progressWriter } from "./progress-line.ts";
import { connectionFromFlags, timeoutOptions, timeoutUsage } from "./timeout-flags.ts";

export const syncCommand: Command = {
  usage: `sync [--full] [--page-size N (default ${defaultSettings.pageSize})] [--json] ${timeoutUsage}`,
  async run(args, io) {
    const { values } = parseCommandArgs(
      args,
      {
        ...dataDirOption,
        full: { type: "boolean" },
        "page-size": { type: "string" },
        json: { type: "boolean" },
        ...timeoutOptions,
      },
      0,
    );
    const pageSize = integerFlag("page-size", values["page-size"], 1, pagingLimits.maxSize);
    const connection = connectionFromFlags(values, "sync");
    return withCatalog(
      values["data-dir"],
      io,
      async (catalog) => {
        const progress = progressWriter(io.stderr, Date.now);
        const stop = () => void catalog.cancelSync();
        process.once("SIGINT", stop);
        let summary: CatalogFileSyncSummary;
        try {
          summary = await catalog.startSync({
            mode: values.full ? "full" : "incremental",
            pageSize,
            onProgress: progress.update,
          });
        } finally {
          // The progress line ends before anything else is written, error or summary.
          progress.end();
          process.off("SIGINT", stop);
        }
        if (values.json) writeJson(io, summary);
        else io.stdout.write(`${describeSummary(summary)}\n`);
        return exitCodes.ok;
      },
      connection,
    );
  },
};

function describeSummary(summary: CatalogFileSyncSummary): string {
  const kind = summary.mode === "full" ? "Full sync" : "Sync";
  const live = summary.received - summary.deletions;
  const lines: string[] = [];
  if (summary.damagedCatalogSetAside !== null) {
    lines.push(
      `The catalog file was damaged: it was set aside as ${summary.damagedCatalogSetAside} and the whole catalog was downloaded again.`,
    );
  }
  lines.push(
    `${kind} ${summary.resumed ? "resumed and " : ""}finished: ${counted(summary.products, "product", "products")} in the local catalog.`,
    `Received ${counted(summary.received, "record", "records")} in ${counted(summary.pages, "page", "pages")}: ` +
      `${counted(live, "current product", "current products")} and ${counted(summary.deletions, "deletion", "deletions")} ` +
      "(deleted products are removed from the catalog, not kept).",
  );
  if (summary.removed > 0) {
    lines.push(
      `${counted(summary.removed, "product", "products")} the service no longer lists were removed.`,
    );
  }
  if (summary.rejected > 0) {
    lines.push(
      `${counted(summary.rejected, "record", "records")} did not follow the service's format and were set aside.`,
    );
  }
  if (summary.mismatch) {
    lines.push(
      `The service counts ${count(summary.serverTotal ?? 0)} products but the local catalog has ${count(summary.products)}. ` +
        "Run a full sync (sync --full) to repair it.",
    );
  }
  return lines.join("\n");
}
