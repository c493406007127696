// The account's taxes, as GET /api/v0/taxes/<account>[/<id>] serves them: the demo chain's VAT rates,
// which every demo product and group names.
import type { FastifyInstance } from "fastify";
import type { AuthDependencies } from "./auth.ts";
import { demoTaxes, taxRecord } from "./demo-taxes.ts";
import { isoInstant, registerListedResource } from "./listed-resources.ts";

const taxes = demoTaxes.map((tax) => ({ ...taxRecord(tax), id: tax.id }));

export function registerTaxRoutes(app: FastifyInstance, deps: AuthDependencies): void {
  registerListedResource(app, deps, {
    path: "/api/v0/taxes",
    permission: "taxes:read",
    records: async () => taxes,
    instant: isoInstant,
    messages: { list: "Taxes found.", one: "Tax found.", missing: "No tax with this id." },
  });
}
