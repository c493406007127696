// The demo chain's branches, taxes and product groups as the service serves them. A group record has no
// timestamps (the upstream's has none): its walk orders them by id, at the instant the chain was set up.
import { isoInstant } from "../http/listed-resources.ts";
import type { ReferenceData } from "../http/reference-data.ts";
import { branchRecord, chainOpenedIso, demoBranches } from "./demo-branches.ts";
import { demoProductGroups, productGroupRecord } from "./demo-product-groups.ts";
import { demoTaxes, taxRecord } from "./demo-taxes.ts";

const setUpMs = Date.parse(chainOpenedIso);

export const demoReferenceData: ReferenceData = {
  branches: {
    records: demoBranches.map((branch, index) => ({ ...branchRecord(branch, index), id: branch.id })),
    instant: isoInstant,
  },
  taxes: { records: demoTaxes.map((tax) => ({ ...taxRecord(tax), id: tax.id })), instant: isoInstant },
  productGroups: {
    records: demoProductGroups.map((group) => ({ ...productGroupRecord(group), id: group.id })),
    instant: () => setUpMs,
  },
};
