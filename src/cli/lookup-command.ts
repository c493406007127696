import { AppError } from "../shared/app-error.ts";
import { dataDirOption, parseCommandArgs } from "./cli-args.ts";
import { type Command, exitCodes, writeJson } from "./cli-io.ts";
import { noteWhenNotSyncing } from "./not-syncing-note.ts";
import { withCatalog } from "./open-catalog.ts";
import { describeMatch } from "./product-text.ts";

export const lookupCommand: Command = {
  usage: "lookup CODE [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      { ...dataDirOption, json: { type: "boolean" } },
      1,
    );
    const code = positionals[0];
    if (code === undefined) throw new AppError("invalid-input", "Give the code to look up.");
    return withCatalog(values["data-dir"], io, async (catalog) => {
      const answer = await catalog.lookup({ code });
      if (values.json) writeJson(io, answer);
      else io.stdout.write(answer.match ? describeMatch(answer) : `${answer.reason?.message}\n`);
      noteWhenNotSyncing(await catalog.sessionState(), io);
      return answer.match ? exitCodes.ok : exitCodes.notFound;
    });
  },
};
