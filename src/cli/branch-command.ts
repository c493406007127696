// This till's branch, kept in the data folder's settings: which branch prices its lookups charge.
// Chosen by its number in the service's branch list, or by its id.
import type { CatalogApp } from "../core/app/index.ts";
import { AppError, isAppError } from "../shared/app-error.ts";
import { type BranchCount, branchLabel } from "../shared/catalog/branch-count.ts";
import { priceSettingsSchema } from "../shared/settings/app-settings.ts";
import { dataDirOption, parseCommandArgs } from "./cli-args.ts";
import { type Command, exitCodes } from "./cli-io.ts";
import { withCatalog } from "./open-catalog.ts";
import { counted } from "./people-format.ts";

export const branchCommand: Command = {
  usage: "branch [NUMBER | ID | --none]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      { ...dataDirOption, none: { type: "boolean" } },
      1,
    );
    const typed = positionals[0];
    if (typed !== undefined && values.none) {
      throw new AppError("invalid-input", "Give a branch number or id, or --none, not both.");
    }
    return withCatalog(values["data-dir"], io, async (catalog) => {
      const listed = await branchesIn(catalog);
      if (typed === undefined && !values.none) {
        const { branch } = (await catalog.settings()).prices;
        io.stdout.write(`${describeBranch(branch, listed)}\n${listing(listed)}`);
        return exitCodes.ok;
      }
      const branch = values.none ? null : chosenBranch(branchId(typed), listed);
      await setBranch(catalog, branch);
      io.stdout.write(`${describeBranch(branch, listed)}\n`);
      if (branch !== null && listed !== null && !listed.some((item) => item.branch === branch)) {
        io.stderr.write(
          `Note: no product in the local catalog has a price for branch ${branch}, and the service does not list it, so the default prices apply until one does. ${listed.length === 0 ? "" : "Run branch alone to see the branches."}\n`,
        );
      }
      return exitCodes.ok;
    });
  },
};

/** Kept in the data folder's settings, where every lookup (and npm run ui) reads it. */
export async function setBranch(catalog: CatalogApp, branch: string | null): Promise<void> {
  const { prices } = await catalog.settings();
  await catalog.changeSettings({ prices: { ...prices, branch } });
}

function branchId(typed: string | undefined): string {
  const parsed = priceSettingsSchema.shape.branch.safeParse(typed);
  if (!parsed.success || parsed.data === null) {
    throw new AppError(
      "invalid-input",
      "A branch is its number (e.g. branch 1) or its id, up to 200 characters.",
    );
  }
  return parsed.data;
}

/** The id of the listed branch numbered `typed`; else `typed` itself, an id. */
function chosenBranch(typed: string, listed: BranchCount[] | null): string {
  const numbered = /^\d+$/u.test(typed) ? listed?.find((item) => item.number === Number(typed)) : undefined;
  return numbered?.branch ?? typed;
}

/** null when there is no local catalog yet to ask. */
async function branchesIn(catalog: CatalogApp): Promise<BranchCount[] | null> {
  try {
    return await catalog.branches();
  } catch (error) {
    if (isAppError(error, "sign-in-required")) return null;
    throw error;
  }
}

function describeBranch(branch: string | null, listed: BranchCount[] | null): string {
  if (branch === null)
    return "This till has no branch: it charges the default prices, or an offer while one runs.";
  const known = listed?.find((item) => item.branch === branch);
  const count =
    known === undefined ? "" : ` (${counted(known.products, "product has", "products have")} one)`;
  const named = known === undefined || known.name === null ? branch : `${branchLabel(known)} (${branch})`;
  return `This till is branch ${named}: it charges that branch's prices where a product has one${count}, else the default prices; offers still win.`;
}

function listing(listed: BranchCount[] | null): string {
  if (listed === null)
    return "There is no local catalog yet to list branches from; sign in and sync first.\n";
  if (listed.length === 0)
    return "The service lists no branches and no product in the local catalog has a branch price.\n";
  const lines = listed.map((item) => {
    const id = item.name === null && item.number === null ? "" : `  ${item.branch}`;
    return `  ${branchLabel(item)}  ${counted(item.products, "product", "products")}${id}`;
  });
  return `Branches (number, name, products with a price of their own, id):\n${lines.join("\n")}\nChoose one with branch NUMBER or branch ID, or go back to the default prices with branch --none.\n`;
}
