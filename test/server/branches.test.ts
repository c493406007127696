// The account's branches: GET /api/v0/branches/<account>, paged like products, each record valid under
// the upstream's own branch schema. Its scope and tenancy are checked with every route (route-catalog.ts).
import { describe, expect, it } from "vitest";
import { demoBranches } from "../../src/server/demo/demo-branches.ts";
import { branchRecordSchema, oracle } from "../support/upstream-schemas.ts";
import { expectError } from "./error-envelope.ts";
import { call, keyToken, startTestService } from "./service-harness.ts";

const service = await startTestService({ demoProducts: 5 });
const token = await keyToken(service);
const branches = (account: string, query = "") => `/api/v0/branches/${account}${query}`;

interface BranchPage {
  count: number;
  results: Record<string, unknown>[];
  cursor: { next?: string };
}

describe("GET /api/v0/branches/<account>", () => {
  it("lists the branches the demo prices name, each valid under the upstream's branch schema", async () => {
    const reply = await call(service, "GET", branches(service.demo.legacyId), { token });
    expect(reply.status, reply.text).toBe(200);
    const page = reply.json as BranchPage;
    expect(page.count).toBe(demoBranches.length);
    expect(page.results.map((branch) => branch.id).sort()).toEqual(demoBranches.map((b) => b.id).sort());
    const schema = oracle(branchRecordSchema());
    expect(page.results.flatMap((branch) => schema.problems(branch))).toEqual([]);
    expect(page.results[0]).toMatchObject({
      name: "Berlin Mitte",
      branch_number: 1,
      currency_default: "EUR",
    });
    // By either form of the account id, with or without the trailing slash.
    const byUuid = await call(service, "GET", branches(`${service.demo.accountId}/`), { token });
    expect((byUuid.json as BranchPage).results).toEqual(page.results);
  });

  it("pages by the generic scheme: size, page and a next cursor until the last page", async () => {
    const first = (await call(service, "GET", branches(service.demo.legacyId, "?size=2"), { token }))
      .json as BranchPage;
    expect(first.results).toHaveLength(2);
    const next = new URL(first.cursor.next as string);
    const second = (await call(service, "GET", `${next.pathname}${next.search}`, { token }))
      .json as BranchPage;
    expect(second.results).toHaveLength(1);
    expect(second.cursor.next).toBeUndefined();
    const ids = [...first.results, ...second.results].map((branch) => branch.id);
    expect(new Set(ids).size).toBe(demoBranches.length);
    expectError(await call(service, "GET", branches(service.demo.legacyId, "?size=0"), { token }), 400);
  });
});
