// Fault injection: each kind on product lists, switched at run time, repeatable by seed, never on other calls.
import { afterEach, describe, expect, it } from "vitest";
import type { FaultKind } from "../../src/server/service.ts";
import { productsPageSchema, singleProductSchema } from "../../src/shared/api/pagination.ts";
import { expectError } from "./error-envelope.ts";
import { call, keyToken, paths, startTestService } from "./service-harness.ts";

const service = await startTestService({ demoProducts: 30 });
const path = paths(service);
const token = await keyToken(service);
const listUrl = `${service.baseUrl}${path.products}?size=10`;
const always = (kind: FaultKind) =>
  service.setFaults({ rate: 1, seed: 1, kinds: [kind], slowMs: 20, retryAfterSeconds: 7 });

afterEach(() => service.setFaults(null));

describe("fault kinds", () => {
  it.each(["500", "503"] as const)("answers %s in the error envelope", async (kind) => {
    always(kind);
    expectError(await call(service, "GET", path.products, { token }), Number(kind));
  });

  it("answers 429 with retry-after", async () => {
    always("429");
    const reply = await call(service, "GET", path.products, { token });
    expectError(reply, 429);
    expect(reply.headers.get("retry-after")).toBe("7");
  });

  it("answers a slow fault with the normal page", async () => {
    always("slow");
    const reply = await call(service, "GET", listUrl, { token });
    expect(productsPageSchema.parse(reply.json).count).toBe(10);
  });

  it("resets the connection before any response", async () => {
    always("reset");
    await expect(fetch(listUrl, { headers: { authorization: `Bearer ${token}` } })).rejects.toThrow();
  });

  it("sends a truncated body that cannot be read whole", async () => {
    always("truncated");
    const response = await fetch(listUrl, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    await expect(response.text().then((text) => JSON.parse(text))).rejects.toThrow();
  });
});

describe("fault scope and switching", () => {
  it("never faults logins, meta, single reads or writes", async () => {
    service.setFaults({ rate: 1, seed: 2 });
    const login = await call(service, "POST", "/api/v1/users/auth/key", {
      body: { id: service.demo.accountId, api_key: service.demo.apiKey },
    });
    expect(login.status).toBe(200);
    expect((await call(service, "GET", path.meta, { token })).status).toBe(200);
    const created = await call(service, "POST", path.products, {
      token,
      body: { name: "Fault-free", tax: crypto.randomUUID(), type: "product" },
    });
    expect(created.status).toBe(200);
    const id = (created.json as { results: [{ id: string }] }).results[0].id;
    expect(
      singleProductSchema.parse((await call(service, "GET", path.product(id), { token })).json).status,
    ).toBe(200);
  });

  it("repeats the same outcomes for the same seed, and stops when switched off", async () => {
    const outcomes = async (): Promise<string[]> => {
      const seen: string[] = [];
      for (let i = 0; i < 12; i++) {
        const reply = await fetch(listUrl, { headers: { authorization: `Bearer ${token}` } }).then(
          async (response) =>
            `${response.status}:${await response.text().then(
              () => "whole",
              () => "cut",
            )}`,
          () => "reset",
        );
        seen.push(reply);
      }
      return seen;
    };
    service.setFaults({ rate: 0.5, seed: 42, slowMs: 5 });
    const first = await outcomes();
    service.setFaults({ rate: 0.5, seed: 42, slowMs: 5 });
    expect(await outcomes()).toEqual(first);
    expect(first.some((outcome) => outcome !== "200:whole")).toBe(true);
    service.setFaults(null);
    expect(new Set(await outcomes())).toEqual(new Set(["200:whole"]));
  });

  it("refuses fault options out of range", () => {
    expect(() => service.setFaults({ rate: 1.5, seed: 1 })).toThrow(RangeError);
    expect(() => service.setFaults({ rate: 0.5, seed: 1, kinds: [] })).toThrow(RangeError);
  });
});
