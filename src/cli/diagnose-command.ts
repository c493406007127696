// `diagnose [--out FILE]`: the diagnostics file (src/core/diagnostics) of this till, for a shop to send
// to whoever looks after it. Named by the time it was made, in the current folder, unless --out says.
import { resolve } from "node:path";
import { diagnosticsFileName, writeDiagnosticsFile } from "../core/diagnostics/diagnostics-file.ts";
import { dataDirOption, parseCommandArgs } from "./cli-args.ts";
import { type Command, exitCodes } from "./cli-io.ts";
import { withCatalog } from "./open-catalog.ts";
import { packageInfo } from "./package-info.ts";

export const diagnoseCommand: Command = {
  usage: "diagnose [--out FILE]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { ...dataDirOption, out: { type: "string" } }, 0);
    const out = resolve(values.out ?? diagnosticsFileName(Date.now()));
    return withCatalog(values["data-dir"], io, async ({ dataDir, core, settings }) => {
      await writeDiagnosticsFile(
        {
          dataDir,
          status: () => core.status(),
          settings: () => settings.read(),
          check: () => core.check(),
          versions: { app: `${packageInfo.name} ${packageInfo.version} (CLI)` },
        },
        out,
      );
      io.stdout.write(`Saved the diagnostics file as ${out}. Send it to whoever looks after this till.\n`);
      return exitCodes.ok;
    });
  },
};
