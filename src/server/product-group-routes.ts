// The account's product groups, as GET /api/v0/product_groups/<account>[/<id>] serves them: the demo
// chain's, which every demo product names. A group record has no timestamps (the upstream's has none):
// its walk orders them by id, at the instant the chain was set up.
import type { FastifyInstance } from "fastify";
import type { AuthDependencies } from "./auth.ts";
import { chainOpenedIso } from "./demo-branches.ts";
import { demoProductGroups, productGroupRecord } from "./demo-product-groups.ts";
import { registerListedResource } from "./listed-resources.ts";

const groups = demoProductGroups.map((group) => ({ ...productGroupRecord(group), id: group.id }));
const setUpMs = Date.parse(chainOpenedIso);

export function registerProductGroupRoutes(app: FastifyInstance, deps: AuthDependencies): void {
  registerListedResource(app, deps, {
    path: "/api/v0/product_groups",
    permission: "product_groups:read",
    records: async () => groups,
    instant: () => setUpMs,
    messages: {
      list: "Product groups found.",
      one: "Product group found.",
      missing: "No product group with this id.",
    },
  });
}
