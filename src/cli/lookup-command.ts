import { AppError } from "../shared/app-error.ts";
import { dataDirOption, parseCommandArgs, serialFlag, serialOption } from "./cli-args.ts";
import { type Command, exitCodes, writeJson } from "./cli-io.ts";
import { streamFromInput, streamFromSerial } from "./lookup-stream.ts";
import { noteWhenNotSyncing } from "./not-syncing-note.ts";
import { withCatalog } from "./open-catalog.ts";
import { describeMatch } from "./product-text.ts";

export const lookupCommand: Command = {
  usage: "lookup CODE [--json] | lookup --stream [--serial PATH[:BAUD]]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      { ...dataDirOption, json: { type: "boolean" }, stream: { type: "boolean" }, ...serialOption },
      1,
    );
    const code = positionals[0];
    const serial = serialFlag(values.serial);
    if (values.stream) {
      if (code !== undefined) {
        throw new AppError(
          "invalid-input",
          "--stream reads its codes from standard input or --serial, not after it.",
        );
      }
      return withCatalog(values["data-dir"], io, (catalog) =>
        serial === undefined ? streamFromInput(catalog, io) : streamFromSerial(catalog, io, serial),
      );
    }
    if (serial !== undefined) throw new AppError("invalid-input", "--serial goes with --stream.");
    if (code === undefined) throw new AppError("invalid-input", "Give the code to look up, or --stream.");
    return withCatalog(values["data-dir"], io, async (catalog) => {
      const answer = await catalog.lookup({ code });
      if (values.json) writeJson(io, answer);
      else io.stdout.write(answer.match ? describeMatch(answer) : `${answer.reason?.message}\n`);
      noteWhenNotSyncing(await catalog.sessionState(), io);
      return answer.match ? exitCodes.ok : exitCodes.notFound;
    });
  },
};
