import { type CatalogStatus, clockOffWarning } from "../shared/catalog/catalog-status.ts";
import { dataDirOption, parseCommandArgs } from "./cli-args.ts";
import { type Command, exitCodes, writeJson } from "./cli-io.ts";
import { describeImageStatus } from "./images-text.ts";
import { withCatalog } from "./open-catalog.ts";
import { count, counted, localTime, roughDuration } from "./people-format.ts";
import { describeReferenceData } from "./reference-data-text.ts";

export const statusCommand: Command = {
  usage: "status [--json]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { ...dataDirOption, json: { type: "boolean" } }, 0);
    return withCatalog(values["data-dir"], io, async (catalog) => {
      const status = await catalog.catalogStatus();
      if (values.json) writeJson(io, status);
      else io.stdout.write(`${describeStatus(status)}\n`);
      return exitCodes.ok;
    });
  },
};

function describeStatus(status: CatalogStatus): string {
  if (status.account === null)
    return "Nobody is signed in and there is no catalog on this till. Use the login command first.";
  const lines = [
    `Account: ${status.account.name ?? status.account.id}`,
    sessionLine(status),
    ...(status.catalogProblem === null ? [] : [status.catalogProblem.message]),
    `Products in the local catalog: ${count(status.products)} (${count(status.inactive)} of them inactive)`,
    `Last sync: ${status.lastSyncAt === null ? "never" : localTime(status.lastSyncAt)}${status.syncUnfinished ? " (a sync stopped part-way and will resume)" : ""}`,
  ];
  lines.push(`Prices: ${pricesLine(status.prices, status.branchName)}`);
  if (status.serverTotal !== null)
    lines.push(`The service counted ${counted(status.serverTotal, "product", "products")} at the last sync.`);
  if (status.mismatch) lines.push("The counts differ: run a full sync (sync --full) to repair the catalog.");
  if (status.quarantined > 0)
    lines.push(
      `${counted(status.quarantined, "record", "records")} from the service were unreadable and set aside.`,
    );
  if (status.withUnusableParts > 0)
    lines.push(
      `${counted(status.withUnusableParts, "product has", "products have")} parts the till cannot use (a code without data, a price without currency...): sold all the same; check names them.`,
    );
  lines.push(describeReferenceData(status.referenceData));
  lines.push(describeImageStatus(status.images));
  const clockOff = clockOffWarning(status);
  if (clockOff !== null) lines.push(clockLine(clockOff));
  return lines.join("\n");
}

function clockLine(offsetMs: number): string {
  const direction = offsetMs > 0 ? "behind" : "ahead of";
  return `This till's clock is ${roughDuration(offsetMs)} ${direction} the commerce service's. The catalog judges sessions and syncs by the service's time, but set the till's clock right: receipts and people read it.`;
}

function sessionLine(status: CatalogStatus): string {
  const until = status.tokenExpiresAt === null ? "" : localTime(status.tokenExpiresAt);
  if (status.session === "signed-in") {
    // Judged by the service's clock, as the session judges it.
    const serviceNow = Date.now() + (status.clockOffsetMs ?? 0);
    const ended = status.tokenExpiresAt !== null && Date.parse(status.tokenExpiresAt) <= serviceNow;
    return ended
      ? `Signed in; the token ended at ${until} and renews itself from the stored credentials at the next sync.`
      : `Signed in until ${until}; the catalog syncs.`;
  }
  if (status.session === "session-expired") {
    return `The session ended at ${until}. Lookups and search still work; sign in again (login) to sync.`;
  }
  return "Signed out. Lookups and search still work on this catalog, but it does not sync until someone signs in.";
}

function pricesLine({ branch, currency }: CatalogStatus["prices"], name: string | null): string {
  if (branch === null)
    return `the default prices (no branch), in ${currency ?? "each product's own currency"}`;
  // The branch's currency from the service's branch list stands in for one the till leaves open.
  const named = name === null ? branch : `${name} (${branch})`;
  return `branch ${named}, in ${currency ?? "the branch's currency, else each product's own"}`;
}
