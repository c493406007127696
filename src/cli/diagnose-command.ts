// `diagnose [--out FILE]`: the diagnostics file (src/core/diagnostics) of this till, for a shop to send
// to whoever looks after it. Named by the time it was made, in the current folder, unless --out says.
import { resolve } from "node:path";
import { diagnosticsFileName, writeDiagnosticsFile } from "../core/app/index.ts";
import { dataDirOption, parseCommandArgs } from "./cli-args.ts";
import { type Command, exitCodes } from "./cli-io.ts";
import { withCatalog } from "./open-catalog.ts";
import { packageInfo } from "./package-info.ts";

export const diagnoseCommand: Command = {
  usage: "diagnose [--out FILE]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { ...dataDirOption, out: { type: "string" } }, 0);
    const out = resolve(values.out ?? diagnosticsFileName(Date.now()));
    return withCatalog(values["data-dir"], io, async (catalog) => {
      await writeDiagnosticsFile(
        {
          dataDir: catalog.dataDir,
          status: () => catalog.catalogStatus(),
          settings: () => catalog.settings(),
          check: () => catalog.check(),
          versions: { app: `${packageInfo.name} ${packageInfo.version} (CLI)` },
        },
        out,
      );
      io.stdout.write(`Saved the diagnostics file as ${out}. Send it to whoever looks after this till.\n`);
      return exitCodes.ok;
    });
  },
};
