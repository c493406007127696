// Every channel of the IPC contract through the handlers, in front of the real catalog service and
// the reference service over loopback: valid calls, invalid arguments (refused, nothing done), a
// foreign sender (refused), errors as { kind, message }, and no secret in any answer or event.
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCatalogHandlers, forwardCatalogEvents } from "../../../src/core/ipc/catalog-handlers.ts";
import { trustedSender } from "../../../src/core/ipc/trusted-sender.ts";
import { demoBranches } from "../../../src/server/demo/demo-branches.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import {
  type CatalogMethod,
  catalogMethods,
  eventChannel,
} from "../../../src/shared/ipc/catalog-channels.ts";
import { catalogContract, catalogEventContract } from "../../../src/shared/ipc/catalog-contract.ts";
import type { IpcResult } from "../../../src/shared/ipc/ipc-result.ts";
import {
  openTestService,
  syncsSettled,
  type TestCatalogService,
} from "../../support/catalog-service-fixtures.ts";
import { adminApi, tempDir } from "../../support/service-fixtures.ts";
import { closedPortUrl } from "../api/scripted-server.ts";

const appUrl = "file:///opt/pos/resources/app/out/renderer/index.html";
let running: RunningService;
let dir: Awaited<ReturnType<typeof tempDir>>;
let test: TestCatalogService;
let handlers: ReturnType<typeof createCatalogHandlers>;
let stopEvents: () => void;
const answers: unknown[] = [];
const sent: { channel: string; data: unknown }[] = [];
let someCode = "";
let someId = "";

beforeAll(async () => {
  running = await startService({ port: 0, demoProducts: 300, seed: 41 });
  dir = await tempDir();
  test = openTestService(dir.path);
  await test.service.start();
  handlers = createCatalogHandlers(test.service, {
    isTrustedSender: trustedSender(appUrl),
    onFault: (method, error) => {
      throw new Error(`fault in ${method}: ${String(error)}`);
    },
  });
  stopEvents = forwardCatalogEvents(test.service, (channel, data) => sent.push({ channel, data }));
  const product = (await (await adminApi(running)).liveRecords()).find((record) => record.barcode);
  someCode = product?.barcode ?? "";
  someId = product?.id ?? "";
});

afterAll(async () => {
  stopEvents();
  await test.service.close();
  await running.close();
  await dir.remove();
});

async function call(method: CatalogMethod, argument?: unknown): Promise<IpcResult<unknown>> {
  const answer = await handlers[method](argument, appUrl);
  answers.push(answer);
  return answer;
}

async function value<T = unknown>(method: CatalogMethod, argument?: unknown): Promise<T> {
  const answer = await call(method, argument);
  if (!answer.ok) throw new Error(`${method} failed: ${answer.error.kind}: ${answer.error.message}`);
  return answer.value as T;
}

function expectError(answer: IpcResult<unknown>, kind: string): string {
  expect(answer.ok).toBe(false);
  if (answer.ok) return "";
  // Exactly a kind and a message: no stack, no cause, nothing else crosses.
  expect(Object.keys(answer.error).sort()).toEqual(["kind", "message"]);
  expect(answer.error.kind).toBe(kind);
  expect(answer.error.message).not.toMatch(/\n\s+at /);
  return answer.error.message;
}

const organisationLogin = () => ({
  baseUrl: running.baseUrl,
  organisation: running.demo.organisation,
  username: running.demo.username,
  password: running.demo.password,
  remember: true,
});

describe("the IPC handlers in front of the catalog service", () => {
  it("answers every channel with a value that follows the contract", async () => {
    expect(await value("sessionInfo")).toBeNull();
    expectError(await call("startSync", { mode: "incremental" }), "sign-in-required");

    const info = await value<{ remembered: boolean }>("signInOrganisation", organisationLogin());
    expect(info).toMatchObject({ method: "organisation", remembered: true });
    await syncsSettled(test);
    expect(await value("sessionInfo")).toEqual(info);

    const summary = await value<{ products: number }>("startSync", { mode: "full" });
    expect(summary.products).toBeGreaterThan(0);
    expect(await value("cancelSync")).toBe(false);
    const status = await value<{ products: number; sync: { running: boolean } }>("status");
    expect(status).toMatchObject({ products: summary.products, sync: { running: false }, online: true });

    const found = await value<{ match: { product: { id: string } } | null }>("lookup", { code: someCode });
    expect(found.match?.product.id).toBe(someId);
    const results = await value<unknown[]>("search", { text: "a", limit: 5 });
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(5);
    expect(await value("product", { id: someId })).toMatchObject({ product: { id: someId } });
    expect(await value("product", { id: "no-such-id" })).toBeNull();
    const branches = await value<{ branch: string; products: number; name: string | null }[]>("branches");
    expect(branches.map((item) => item.branch).sort()).toEqual(
      demoBranches.map((branch) => branch.id).sort(),
    );
    expect(branches.every((item) => item.products > 0)).toBe(true);
    // Named: the app's sync worker read the service's branch list too.
    expect(branches.map((item) => item.name)).toEqual(demoBranches.map((branch) => branch.name));
    // The sync worker read the favourite sets and groups too: keys and a group's page answer.
    const keys = await value<{ sets: unknown[]; tabs: unknown[] }>("keys", { set: "Getränketheke" });
    expect(keys.tabs.length).toBeGreaterThan(0);
    expect(keys.sets).toHaveLength(2);
    const groups = await value<{ id: string | null; products: number }[]>("productGroups");
    const largest = groups.find((group) => group.id !== null && group.products > 0);
    const page = await value<{ keys: unknown[] }>("groupKeys", { group: largest?.id ?? "" });
    expect(page.keys.length).toBeGreaterThan(0);
    // The shelf labels: none due after the first sync; one asked for by id, as a PDF too, then printed.
    expect((await value<{ rows: unknown[] }>("shelfLabels")).rows).toEqual([]);
    const asked = await value<{ rows: { label: { productId: string } }[] }>("shelfLabels", { ids: [someId] });
    expect(asked.rows.map((row) => row.label.productId)).toEqual([someId]);
    const made = await value<{ pdf: string; labels: number }>("labelsPdf", {
      ids: [someId],
      layout: "roll-58x40",
    });
    expect(Buffer.from(made.pdf, "base64").subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(made.labels).toBe(1);
    // The settings say "as the computer" (""): English; the screen asking in Polish gets Polish dates.
    const footerDate = (pdf: string) =>
      execFileSync("pdftotext", ["-", "-"], { input: Buffer.from(pdf, "base64") })
        .toString()
        .match(/\d{1,2}[ .]\S+[ .]\d{4}/)?.[0];
    expect(footerDate(made.pdf)).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    const polish = await value<{ pdf: string }>("labelsPdf", {
      ids: [someId],
      layout: "roll-58x40",
      language: "pl",
    });
    expect(footerDate(polish.pdf)).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(await value("markLabelsPrinted", { ids: [someId] })).toEqual({ marked: 1 });

    expect(await value("settings")).toMatchObject({
      pageSize: 1000,
      syncIntervalMinutes: 15,
      baseUrl: running.baseUrl,
    });
    expect(await value("changeSettings", { staleAfterHours: 48 })).toMatchObject({ staleAfterHours: 48 });
    expect(await value("settings")).toMatchObject({ staleAfterHours: 48 });

    const keyInfo = await value("signInApiKey", {
      baseUrl: running.baseUrl,
      accountId: running.demo.accountId,
      apiKey: running.demo.apiKey,
      remember: false,
    });
    expect(keyInfo).toMatchObject({ method: "api-key", remembered: false });
    await syncsSettled(test);
    expect(await value("signOut")).toBeNull();
    expect(await value("sessionInfo")).toBeNull();

    for (const event of sent) {
      const name = event.channel.slice("catalog-event:".length) as keyof typeof catalogEventContract;
      expect(catalogEventContract[name].safeParse(event.data).success).toBe(true);
    }
    expect(sent.some((event) => event.channel === eventChannel("syncProgress"))).toBe(true);
    expect(sent.some((event) => event.channel === eventChannel("statusChanged"))).toBe(true);
  });

  it("serialises failures as { kind, message }", async () => {
    const wrong = await call("signInOrganisation", { ...organisationLogin(), password: "not-the-password" });
    expect(expectError(wrong, "unauthorized")).toMatch(/organisation, username or password/);
    const unreachable = await call("signInApiKey", {
      baseUrl: await closedPortUrl(),
      accountId: "a",
      apiKey: "k",
      remember: false,
    });
    expectError(unreachable, "offline");
  });

  const invalid: [CatalogMethod, unknown][] = [
    [
      "signInOrganisation",
      { baseUrl: "javascript:alert(1)", organisation: "o", username: "u", password: "p", remember: true },
    ],
    ["signInOrganisation", { organisation: "o", username: "u", password: "p", remember: true }],
    ["signInApiKey", { baseUrl: "http://127.0.0.1:1/", accountId: " ", apiKey: "k", remember: false }],
    [
      "signInApiKey",
      { baseUrl: "http://127.0.0.1:1/", accountId: "a", apiKey: "k", remember: false, extra: 1 },
    ],
    ["signOut", "now"],
    ["sessionInfo", { token: true }],
    ["status", 1],
    ["startSync", { mode: "everything" }],
    ["startSync", undefined],
    ["cancelSync", []],
    ["lookup", { code: 4006381333931 }],
    ["lookup", { code: "1".repeat(1001) }],
    ["lookup", "4006381333931"],
    ["search", { text: "tea", limit: 0 }],
    ["search", { text: "tea", limit: 1e9 }],
    ["product", { id: "" }],
    ["product", null],
    ["settings", { pageSize: 1 }],
    ["changeSettings", { pageSize: 0 }],
    ["changeSettings", { syncIntervalMinutes: -1 }],
    ["changeSettings", { baseUrl: "file:///etc/passwd" }],
    ["changeSettings", { __proto__: { polluted: true }, token: "x" }],
    ["changeSettings", null],
    ["changeSettings", { prices: { branch: " ", currency: null } }],
    ["changeSettings", { prices: { branch: null, currency: "euro" } }],
    ["branches", { all: true }],
    ["keys", { tab: 25 }],
    ["keys", { set: "" }],
    ["keys", { set: "Bakery", page: 2 }],
    ["groupKeys", { group: "" }],
    ["groupKeys", { group: "g", after: 7 }],
    ["productGroups", { largest: true }],
    ["shelfLabels", { all: "yes" }],
    ["shelfLabels", { group: "" }],
    ["markLabelsPrinted", { ids: [] }],
    ["labelsPdf", { ids: ["a"], layout: "a5" }],
    ["labelsPdf", { ids: ["a"], layout: "a4-3x8", language: 7 }],
    ["labelsPdf", { ids: ["a"], layout: "a4-3x8", language: "x".repeat(36) }],
    ["changeSettings", { updates: { feedUrl: "http://updates.example.com/till", quietHour: "03:00" } }],
    ["changeSettings", { updates: { feedUrl: null, quietHour: "3 am" } }],
    ["changeSettings", { logLevel: "everything" }],
    ["saveDiagnostics", { out: "/etc/cron.d/x" }],
    ["reportProblem", { message: 42 }],
    ["reportProblem", { message: "x".repeat(2001) }],
    ["reportProblem", { message: "x", where: "elsewhere" }],
    ["lookup", { code: "10LOT7", symbology: "C1" }],
    ["changeSettings", { serialScanner: { port: "/dev/ttyACM0", baud: 9601, lineEnding: "cr" } }],
    ["changeSettings", { serialScanner: { port: "/dev/ttyACM0", baud: 9600, lineEnding: "tab" } }],
    ["serialPorts", { all: true }],
    ["serialStatus", { port: "/dev/ttyACM0" }],
  ];

  it.each(invalid)("refuses %s with %j as an invalid argument and does nothing", async (method, argument) => {
    const before = {
      settings: await value("settings"),
      session: await value("sessionInfo"),
      workers: test.workers.length,
    };
    const message = expectError(await call(method, argument), "invalid-argument");
    expect(message).toMatch(/^The request was not valid: /);
    expect(await value("settings")).toEqual(before.settings);
    expect(await value("sessionInfo")).toEqual(before.session);
    expect(test.workers.length).toBe(before.workers);
  });

  it("covers every channel with an invalid argument", () => {
    expect(new Set(invalid.map(([method]) => method))).toEqual(new Set(catalogMethods));
  });

  it("refuses every channel from a foreign page before doing anything", async () => {
    for (const method of catalogMethods) {
      for (const sender of ["https://evil.example/", "file:///tmp/evil.html", null]) {
        const answer = await handlers[method](catalogContract[method] && { mode: "full" }, sender);
        expectError(answer, "forbidden-sender");
      }
    }
    expect(await value("sessionInfo")).toBeNull();
  });

  it("never lets a password, API key or token out, in any answer or event", async () => {
    await value("signInOrganisation", organisationLogin());
    await syncsSettled(test);
    const token = await test.secrets.get("commerce.token");
    expect(token).not.toBeNull();
    const everything = JSON.stringify([answers, sent]);
    for (const secret of [running.demo.password, running.demo.apiKey, token as string]) {
      expect(everything).not.toContain(secret);
    }
  });
});
