// The account's branches, as GET /api/v0/branches/<account> lists them.
import type { FastifyInstance } from "fastify";
import type { AuthDependencies } from "../auth/auth.ts";
import { registerListedResource } from "./listed-resources.ts";
import type { ReferenceList } from "./reference-data.ts";

export function registerBranchRoutes(
  app: FastifyInstance,
  deps: AuthDependencies,
  branches: ReferenceList,
): void {
  registerListedResource(app, deps, {
    path: "/api/v0/branches",
    permission: "branches:read",
    records: async () => branches.records,
    instant: branches.instant,
    messages: { list: "Branches found." },
  });
}
