// The account's product groups, as GET /api/v0/product_groups/<account>[/<id>] serves them.
import type { FastifyInstance } from "fastify";
import type { AuthDependencies } from "../auth/auth.ts";
import { registerListedResource } from "./listed-resources.ts";
import type { ReferenceList } from "./reference-data.ts";

export function registerProductGroupRoutes(
  app: FastifyInstance,
  deps: AuthDependencies,
  groups: ReferenceList,
): void {
  registerListedResource(app, deps, {
    path: "/api/v0/product_groups",
    permission: "product_groups:read",
    records: async () => groups.records,
    instant: groups.instant,
    messages: {
      list: "Product groups found.",
      one: "Product group found.",
      missing: "No product group with this id.",
    },
  });
}
