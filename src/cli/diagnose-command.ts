// `diagnose [--out FILE]`: the diagnostics file (src/core/diagnostics) of this till, for a shop to send
// to whoever looks after it. Named by the time it was made, in the current folder, unless --out says.
import { resolve } from "node:path";
import { writeDiagnosticsFile } from "../core/diagnostics/diagnostics-file.ts";
import { dataDirOption, parseCommandArgs } from "./cli-args.ts";
import { type Command, exitCodes } from "./cli-io.ts";
import { withCatalog } from "./open-catalog.ts";
import { packageInfo } from "./package-info.ts";

export const diagnoseCommand: Command = {
  usage: "diagnose [--out FILE]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { ...dataDirOption, out: { type: "string" } }, 0);
    const out = resolve(values.out ?? defaultName(new Date()));
    return withCatalog(values["data-dir"], io, async ({ dataDir, core, settings }) => {
      await writeDiagnosticsFile(
        {
          dataDir,
          status: () => core.status(),
          settings: () => settings.read(),
          check: () => core.check(),
          versions: { app: `${packageInfo.name} ${packageInfo.version} (CLI)`, node: process.versions.node },
        },
        out,
      );
      io.stdout.write(`Saved the diagnostics file as ${out}. Send it to whoever looks after this till.\n`);
      return exitCodes.ok;
    });
  },
};

/** pos-catalog-diagnostics-2026-11-26T1430.zip: sorts by time, and no colon for Windows. */
function defaultName(now: Date): string {
  const stamp = now.toISOString().slice(0, 16).replace(":", "");
  return `pos-catalog-diagnostics-${stamp}.zip`;
}
