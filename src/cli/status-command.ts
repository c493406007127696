import type { CatalogStatus } from "../shared/catalog/catalog-status.ts";
import { dataDirOption, parseCommandArgs } from "./cli-args.ts";
import { type Command, exitCodes, writeJson } from "./cli-io.ts";
import { withCatalog } from "./open-catalog.ts";

export const statusCommand: Command = {
  usage: "status [--json]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { ...dataDirOption, json: { type: "boolean" } }, 0);
    return withCatalog(values["data-dir"], io, async ({ core }) => {
      const status = await core.status();
      if (values.json) writeJson(io, status);
      else io.stdout.write(`${describeStatus(status)}\n`);
      return exitCodes.ok;
    });
  },
};

function describeStatus(status: CatalogStatus): string {
  if (!status.signedIn) return "Nobody is signed in. Use the login command first.";
  const lines = [
    `Account: ${status.account?.name ?? status.account?.id}`,
    `Products in the local catalog: ${status.products} (${status.inactive} inactive)`,
    `Last sync: ${status.lastSyncAt ?? "never"}${status.syncUnfinished ? " (a sync stopped part-way and will resume)" : ""}`,
    `Signed in until: ${status.tokenExpiresAt ?? "unknown"}`,
  ];
  if (status.serverTotal !== null)
    lines.push(`The service counted ${status.serverTotal} products at the last sync.`);
  if (status.mismatch) lines.push("The counts differ: run a full sync (sync --full) to repair the catalog.");
  if (status.quarantined > 0)
    lines.push(`${status.quarantined} records from the service were unreadable and set aside.`);
  return lines.join("\n");
}
