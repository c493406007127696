import { AppError } from "../shared/app-error.ts";
import { dataDirOption, integerFlag, parseCommandArgs } from "./cli-args.ts";
import { type Command, exitCodes, writeJson } from "./cli-io.ts";
import { noteWhenNotSyncing } from "./not-syncing-note.ts";
import { withCatalog } from "./open-catalog.ts";
import { describeProductLine } from "./product-text.ts";

export const searchCommand: Command = {
  usage: "search TEXT [--limit N (1-200, default 20)] [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      { ...dataDirOption, limit: { type: "string" }, json: { type: "boolean" } },
      1,
    );
    const text = positionals[0];
    // Blank text ("" from a script's empty variable) searches for nothing: the same mistake as none.
    if (text === undefined || text.trim() === "")
      throw new AppError("invalid-input", "Give the text to search for.");
    const limit = integerFlag("limit", values.limit, 1, 200) ?? 20;
    return withCatalog(values["data-dir"], io, async (catalog) => {
      const results = await catalog.search({ text, limit });
      if (values.json) writeJson(io, { query: text, results });
      else if (results.length === 0) io.stdout.write(`Nothing in the catalog matches "${text}".\n`);
      else io.stdout.write(`${results.map((product) => describeProductLine(product)).join("\n")}\n`);
      noteWhenNotSyncing(await catalog.sessionState(), io);
      return exitCodes.ok;
    });
  },
};
