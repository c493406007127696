// The account's branch list, every page of it. A service without one (an older deployment: 404; a
// till whose user may not read it: 403) is not an error: the till then knows its branches by id only.
import { type BranchInfo, branchesOf } from "../../shared/api/branch.ts";
import { type ListPage, readEveryPage } from "./list-pages.ts";

export async function readBranches(
  get: (url: string, query?: Record<string, string>) => Promise<ListPage>,
  paths: { first: string; sameOrigin: (url: string) => string },
): Promise<BranchInfo[] | null> {
  const read = await readEveryPage(get, paths);
  return "records" in read ? branchesOf(read.records) : null;
}
