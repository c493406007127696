// The account's branches, as GET /api/v0/branches/<account> lists them: the demo chain's, whose ids
// the demo branch prices name.
import type { FastifyInstance } from "fastify";
import type { AuthDependencies } from "./auth.ts";
import { branchRecord, demoBranches } from "./demo-branches.ts";
import { isoInstant, registerListedResource } from "./listed-resources.ts";

const branches = demoBranches.map((branch, index) => ({ ...branchRecord(branch, index), id: branch.id }));

export function registerBranchRoutes(app: FastifyInstance, deps: AuthDependencies): void {
  registerListedResource(app, deps, {
    path: "/api/v0/branches",
    permission: "branches:read",
    records: async () => branches,
    instant: isoInstant,
    messages: { list: "Branches found." },
  });
}
