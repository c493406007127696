// `images sync|status|prune`: the product pictures of a headless till. `sync` downloads what the
// catalog's products name (run it after `sync`; the app does so by itself), `prune` only deletes
// what no product names any more or what exceeds the cap, `status` says what the cache holds.
import type { CatalogApp, ImageRunSummary } from "../core/app/index.ts";
import { AppError } from "../shared/app-error.ts";
import type { ImageCacheStatus } from "../shared/catalog/product-pictures.ts";
import { dataDirOption, parseCommandArgs } from "./cli-args.ts";
import { type CliIo, type Command, exitCodes, writeJson } from "./cli-io.ts";
import { describeImageStatus, megabytes } from "./images-text.ts";
import { withCatalog } from "./open-catalog.ts";
import { count, counted } from "./people-format.ts";
import { lineWriter } from "./progress-line.ts";

const actions = ["sync", "status", "prune"] as const;
type Action = (typeof actions)[number];

export const imagesCommand: Command = {
  usage: "images sync|status|prune [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      { ...dataDirOption, json: { type: "boolean" } },
      1,
    );
    const action = positionals[0];
    if (!actions.includes(action as Action)) {
      throw new AppError(
        "invalid-input",
        action === undefined
          ? "Say what to do with the pictures: sync, status or prune."
          : `"${action}" is not something to do with the pictures: say sync, status or prune.`,
      );
    }
    return withCatalog(values["data-dir"], io, async ({ pictures }) => {
      if (action === "status") {
        const status = await pictures.status();
        if (values.json) writeJson(io, status);
        else io.stdout.write(`${describeImageStatus(status)}\n`);
        return exitCodes.ok;
      }
      const summary = await runImages(pictures, action === "sync", io);
      const status = await pictures.status();
      if (values.json) writeJson(io, { summary, status });
      else io.stdout.write(`${describeRun(summary, status)}\n`);
      return summary === null || !summary.cancelled ? exitCodes.ok : exitCodes.failed;
    });
  },
};

async function runImages(
  images: CatalogApp["pictures"],
  download: boolean,
  io: CliIo,
): Promise<ImageRunSummary | null> {
  const progress = lineWriter(io.stderr, Date.now);
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once("SIGINT", stop);
  try {
    return await images.run({
      download,
      signal: controller.signal,
      onProgress: (step) =>
        progress.show(
          `${count(step.fetched)}/${count(step.toFetch)} pictures downloaded${step.failed > 0 ? `, ${count(step.failed)} failed` : ""}`,
        ),
    });
  } finally {
    progress.end();
    process.off("SIGINT", stop);
  }
}

function describeRun(summary: ImageRunSummary | null, status: ImageCacheStatus): string {
  if (summary === null) {
    return "Downloading pictures is turned off in the settings (images.enabled): nothing was downloaded.";
  }
  const lines: string[] = [];
  if (summary.cancelled) lines.push("Stopped. The next run continues where this one stopped.");
  if (summary.toFetch > 0 || summary.fetched > 0) {
    lines.push(
      `Downloaded ${counted(summary.fetched, "picture", "pictures")} (${megabytes(summary.downloadedBytes)})${summary.failed > 0 ? `; ${count(summary.failed)} failed and are tried again later` : ""}.`,
    );
  }
  if (summary.deleted > 0) {
    lines.push(
      `Deleted ${counted(summary.deleted, "picture", "pictures")} no product needs or the cap has no room for.`,
    );
  }
  lines.push(describeImageStatus(status));
  return lines.join("\n");
}
