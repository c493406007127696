// `health`: one line and an exit code for a monitoring agent or a cron mail: 0 fine, 1 a warning,
// 2 the till cannot serve its catalog (see src/core/health/till-health.ts for what counts).
import { healthExitCodes, type TillHealth, tillHealth } from "../core/app/index.ts";
import { dataDirOption, parseCommandArgs } from "./cli-args.ts";
import { type Command, writeJson } from "./cli-io.ts";
import { withCatalog } from "./open-catalog.ts";
import { counted, localTime } from "./people-format.ts";

export const healthCommand: Command = {
  usage: "health [--json]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { ...dataDirOption, json: { type: "boolean" } }, 0);
    return withCatalog(values["data-dir"], io, async (catalog) => {
      const health = tillHealth(await catalog.catalogStatus(), await catalog.settings(), Date.now());
      if (values.json) writeJson(io, { ...health, exitCode: healthExitCodes[health.level] });
      else io.stdout.write(`${healthLine(health)}\n`);
      return healthExitCodes[health.level];
    });
  },
};

function healthLine(health: TillHealth): string {
  if (health.level !== "ok") return `${health.level.toUpperCase()}: ${health.reasons.join(" ")}`;
  const asOf = health.catalogAsOf === null ? "" : `, catalog as of ${localTime(health.catalogAsOf)}`;
  return `OK: ${counted(health.products, "product", "products")}${asOf}.`;
}
