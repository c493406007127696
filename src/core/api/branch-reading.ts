// The account's branch list, every page of it. A service without one (an older deployment: 404; a
// till whose user may not read it: 403) is not an error: the till then knows its branches by id only.
import { type BranchInfo, branchesOf, branchesPageSchema } from "../../shared/api/branch.ts";
import { isAppError } from "../../shared/app-error.ts";
import { parseResponse } from "./api-errors.ts";

export interface BranchesPage {
  branches: BranchInfo[];
  next: string | null;
}

export function parseBranchesPage(body: unknown): BranchesPage {
  const page = parseResponse(branchesPageSchema, body, "branches page");
  return { branches: branchesOf(page.results), next: page.cursor?.next ?? null };
}

/** More pages than a chain has branches in pages of 500: a service looping on its cursor ends here. */
const maxPages = 100;
const pageSize = 500;

export async function readBranches(
  get: (url: string, query?: Record<string, string>) => Promise<BranchesPage>,
  paths: { first: string; sameOrigin: (url: string) => string },
): Promise<BranchInfo[] | null> {
  const branches: BranchInfo[] = [];
  try {
    let page = await get(paths.first, { size: String(pageSize) });
    for (let pages = 1; ; pages++) {
      branches.push(...page.branches);
      if (page.next === null || page.branches.length === 0 || pages >= maxPages) return branches;
      page = await get(paths.sameOrigin(page.next));
    }
  } catch (error) {
    if (isAppError(error) && (error.status === 404 || error.status === 403)) return null;
    throw error;
  }
}
