// The till's branch as people know it: its number and name in the service's branch list, for the
// status bar and the CLI's status, where a branch id (a UUID) would mean nothing to anyone.
import { branchLabel } from "../../shared/catalog/branch-count.ts";
import type { CatalogFileGuard } from "./catalog-file-guard.ts";

/** null when the till has no branch, the list does not name it, or the catalog cannot be read. */
export async function listedBranchName(
  catalog: CatalogFileGuard,
  branch: string | null,
): Promise<string | null> {
  if (branch === null) return null;
  try {
    const listed = await catalog.read((store) => store.branchInfo(branch));
    if (listed === null || (listed.name === null && listed.number === null)) return null;
    return branchLabel({ branch, name: listed.name, number: listed.number });
  } catch {
    // A damaged or unreadable catalog is the status's own news (catalogProblem); the name just goes.
    return null;
  }
}
