// The account's taxes, as GET /api/v0/taxes/<account>[/<id>] serves them.
import type { FastifyInstance } from "fastify";
import type { AuthDependencies } from "../auth/auth.ts";
import { registerListedResource } from "./listed-resources.ts";
import type { ReferenceList } from "./reference-data.ts";

export function registerTaxRoutes(app: FastifyInstance, deps: AuthDependencies, taxes: ReferenceList): void {
  registerListedResource(app, deps, {
    path: "/api/v0/taxes",
    permission: "taxes:read",
    records: async () => taxes.records,
    instant: taxes.instant,
    messages: { list: "Taxes found.", one: "Tax found.", missing: "No tax with this id." },
  });
}
