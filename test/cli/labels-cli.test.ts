// `catalog labels` as a shop runs it: the CLI as child processes against the reference service over
// HTTP. Prices change at the service (a branch price, a default price, an offer from tomorrow, a
// rename, a new product, a change undone), the till syncs, and the list holds exactly the labels
// made wrong, each with why; `--mark-printed` empties it; the offer's label appears on its day (the
// till's clock moved by faketime). The PDFs are rendered by pdftoppm: every label inside its cell,
// every barcode read back by ZXing as the product's code, the longest demo name included.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningService, startService } from "../../src/server/service.ts";
import { catalogKey } from "../../src/shared/barcode/gtin.ts";
import { cellAt, type LabelLayout, labelLayoutsByName } from "../../src/shared/catalog/label-layouts.ts";
import type { ShelfLabelList } from "../../src/shared/catalog/shelf-labels.ts";
import { type CliResult, demoLoginArgs, runCli } from "../support/cli-process.ts";
import { codesIn, type GreyPage, inkIn, renderPages } from "../support/label-sheet.ts";
import { adminApi, tempDir } from "../support/service-fixtures.ts";
import {
  changeShelfProducts,
  createShelfProducts,
  type ShelfIds,
  shelfCode,
  undoCoffee,
} from "../support/shelf-scenario.ts";

vi.setConfig({ testTimeout: 120_000 });

const faketime = ["/usr/bin/faketime", "/usr/local/bin/faketime"].find((path) => existsSync(path));
const hasPdftoppm = ["/usr/bin/pdftoppm", "/usr/local/bin/pdftoppm"].some((path) => existsSync(path));
const cliPath = fileURLToPath(new URL("../../src/cli/start.mjs", import.meta.url));
const run = promisify(execFile);
const hour = 3_600_000;

let service: RunningService;
let admin: Awaited<ReturnType<typeof adminApi>>;
let dir: Awaited<ReturnType<typeof tempDir>>;
let berlin: string;
let ids: ShelfIds;

const cli = (...args: string[]) => runCli(["--data-dir", join(dir.path, "till"), ...args]);

async function labels(...args: string[]): Promise<ShelfLabelList> {
  const result = await cli("labels", "--json", ...args);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as ShelfLabelList;
}

/** The rows by the test's names, each with its reasons' kinds. */
function reasonsOf(list: ShelfLabelList): Record<string, string[]> {
  const byId = Object.fromEntries(Object.entries(ids).map(([key, id]) => [id, key]));
  return Object.fromEntries(
    list.rows.map((row) => [
      byId[row.label.productId] ?? row.label.name,
      row.reasons.map((reason) => reason.kind),
    ]),
  );
}

beforeAll(async () => {
  service = await startService({ port: 0, seed: 11 });
  admin = await adminApi(service);
  dir = await tempDir();
  const branches = await fetch(`${service.baseUrl}/api/v0/branches/${service.demo.accountId}`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  const listed = ((await branches.json()) as { results: { id: string; branch_number: number }[] }).results;
  berlin = listed.find((branch) => branch.branch_number === 1)?.id as string;
  ids = await createShelfProducts(admin, berlin);
  expect((await cli(...demoLoginArgs(service.demo))).code).toBe(0);
  expect((await cli("sync")).code).toBe(0);
  // Chosen by its number once the sync has read the branch list.
  expect((await cli("branch", "1")).code).toBe(0);
});
afterAll(async () => {
  await service.close();
  await dir.remove();
});

async function adminToken(): Promise<string> {
  const { organisation, username, password } = service.demo;
  const reply = await fetch(`${service.baseUrl}/api/v1/users/auth/organisation/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ organisation, username, password }),
  });
  return ((await reply.json()) as { token: string }).token;
}

describe("catalog labels after price changes", () => {
  it("lists nothing after the first sync", async () => {
    expect((await labels()).rows).toEqual([]);
    expect((await cli("labels")).stdout).toBe("No labels to print (Berlin Mitte).\n");
  });

  it("lists exactly the labels the syncs made wrong, with their reasons", async () => {
    const offer = {
      start: new Date(Date.now() + 20 * hour).toISOString(),
      end: new Date(Date.now() + 8 * 24 * hour).toISOString(),
    };
    await changeShelfProducts(admin, ids, berlin, offer);
    expect((await cli("sync")).code).toBe(0);
    await undoCoffee(admin, ids);
    expect((await cli("sync")).code).toBe(0);
    const list = await labels();
    expect(list.branch).toEqual({ id: berlin, name: "Berlin Mitte" });
    expect(reasonsOf(list)).toEqual({
      bread: ["unit-price", "name", "size"],
      butter: ["price", "unit-price"],
      juice: ["new"],
      milk: ["price", "unit-price"],
    });
    const milk = list.rows.find((row) => row.label.productId === ids.milk);
    expect(milk?.reasons[0]).toEqual({ kind: "price", from: "1.09 EUR", to: "0.99 EUR" });
    expect(milk?.label.unitPrice).toEqual({ amount: 0.99, currency: "EUR", per: "1 l" });
    const text = (await cli("labels")).stdout;
    expect(text).toContain("4 labels to print (Berlin Mitte):");
    expect(text).toContain(`Vollmilch 1 l  0.99 EUR  ${shelfCode(1)}  [price 1.09 EUR -> 0.99 EUR;`);
  });

  it.runIf(hasPdftoppm)(
    "writes them as a PDF whose barcodes read back, then marks them printed",
    async () => {
      const due = await labels();
      const pdf = join(dir.path, "due.pdf");
      const made = await cli("labels", "--out", pdf, "--mark-printed");
      expect(made.code, made.stderr).toBe(0);
      expect(made.stderr).toContain(`Wrote 4 labels (a4-3x8) to ${pdf}.`);
      expect(made.stderr).toContain("Marked 4 labels as printed.");
      const pages = await rendered(pdf, "due");
      expect(pages).toHaveLength(1);
      await expectSheet(pages, labelLayoutsByName["a4-3x8"], due);
      expect((await labels()).rows).toEqual([]);
    },
  );

  it.runIf(faketime !== undefined)(
    "lists the offer's label on the day it starts (the till's clock moved)",
    async () => {
      const { stdout } = await run(
        faketime as string,
        ["-f", "+1d", process.execPath, cliPath, "--data-dir", join(dir.path, "till"), "labels", "--json"],
        { env: { ...process.env, CATALOG_PASSWORD: "" }, encoding: "utf8" },
      );
      const tomorrow = JSON.parse(stdout) as ShelfLabelList;
      expect(reasonsOf(tomorrow)).toEqual({ wine: ["offer-starts", "unit-price"] });
      expect(tomorrow.rows[0]?.label).toMatchObject({ price: { amount: 2.99 }, source: "time-based" });
      // Today it is not due yet.
      expect((await labels()).rows).toEqual([]);
    },
  );

  it("refuses a layout it does not know, a layout without a file, and a folder that is not there", async () => {
    const unknown = await cli("labels", "--out", join(dir.path, "x.pdf"), "--layout", "a5");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--layout must be a4-3x8 or roll-58x40, not "a5".');
    const nowhere = await cli(
      "labels",
      "--all",
      "--out",
      join(dir.path, "no-such-folder", "x.pdf"),
      "--mark-printed",
    );
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toContain("(ENOENT). Give --out a file in a folder that exists");
    const alone = await cli("labels", "--layout", "roll-58x40");
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain("--layout goes with --out FILE.pdf.");
  });
});

describe.runIf(hasPdftoppm)("labels of a whole demo catalog", () => {
  let demo: RunningService;
  let list: ShelfLabelList;
  const demoCli = (...args: string[]): Promise<CliResult> =>
    runCli(["--data-dir", join(dir.path, "demo"), ...args]);

  beforeAll(async () => {
    demo = await startService({ port: 0, demoProducts: 150, seed: 4 });
    expect((await demoCli(...demoLoginArgs(demo.demo))).code).toBe(0);
    expect((await demoCli("sync")).code).toBe(0);
    expect((await demoCli("branch", "1")).code).toBe(0);
    list = JSON.parse((await demoCli("labels", "--all", "--json")).stdout) as ShelfLabelList;
  });
  afterAll(() => demo.close());

  it("prints every label inside its cell, every barcode as the product's code, the longest name too", async () => {
    expect(list.rows.length).toBeGreaterThan(100);
    const longest = Math.max(...list.rows.map((row) => row.label.name.length));
    expect(longest).toBeGreaterThan(30);
    const pdf = join(dir.path, "all.pdf");
    expect((await demoCli("labels", "--all", "--out", pdf)).code).toBe(0);
    await expectSheet(await rendered(pdf, "all"), labelLayoutsByName["a4-3x8"], list);
  });

  it("prints a product group on roll labels, one a page", async () => {
    const group = list.rows.find((row) => row.group.name !== null)?.group.name as string;
    const ofGroup = JSON.parse(
      (await demoCli("labels", "--all", "--group", group, "--json")).stdout,
    ) as ShelfLabelList;
    expect(ofGroup.rows.length).toBeGreaterThan(0);
    expect(ofGroup.rows.every((row) => row.group.name === group)).toBe(true);
    const pdf = join(dir.path, "roll.pdf");
    expect(
      (await demoCli("labels", "--all", "--group", group, "--layout", "roll-58x40", "--out", pdf)).code,
    ).toBe(0);
    const pages = await rendered(pdf, "roll");
    expect(pages).toHaveLength(ofGroup.rows.length);
    await expectSheet(pages, labelLayoutsByName["roll-58x40"], ofGroup);
  });
});

async function rendered(pdf: string, name: string): Promise<GreyPage[]> {
  const into = join(dir.path, `${name}-pages`);
  await mkdir(into);
  return renderPages(pdf, into);
}

/**
 * Each label's cell has ink, none in the margin its padding keeps clear (so nothing reaches past the
 * cell), nothing outside the cells, and the barcode in it reads as the label's code (none: no barcode).
 */
async function expectSheet(pages: GreyPage[], layout: LabelLayout, list: ShelfLabelList): Promise<void> {
  const perPage = layout.columns * layout.rows;
  expect(pages).toHaveLength(Math.ceil(list.rows.length / perPage));
  const inset = layout.padding - 0.6;
  for (const [index, row] of list.rows.entries()) {
    const cell = cellAt(layout, index);
    const page = pages[cell.page] as GreyPage;
    const box = { x: cell.x, y: cell.y, width: layout.cell.width, height: layout.cell.height };
    const inside = {
      x: box.x + inset,
      y: box.y + inset,
      width: box.width - 2 * inset,
      height: box.height - 2 * inset,
    };
    const where = `label ${index} (${row.label.name})`;
    expect(inkIn(page, inside), where).toBeGreaterThan(0);
    expect(inkIn(page, box) - inkIn(page, inside), `${where} reaches into its margin`).toBe(0);
    // ZXing reads a UPC-A as its EAN-13 form: the same number, as the till's index keys them.
    const codes = (await codesIn(page, box)).map(catalogKey);
    expect(codes, where).toEqual(row.label.code === null ? [] : [catalogKey(row.label.code.value)]);
  }
  // Nothing outside the cells: the page's ink is the cells' ink.
  for (const [number, page] of pages.entries()) {
    const onPage = list.rows.map((_, index) => cellAt(layout, index)).filter((cell) => cell.page === number);
    const cells = onPage.reduce(
      (sum, cell) =>
        sum + inkIn(page, { x: cell.x, y: cell.y, width: layout.cell.width, height: layout.cell.height }),
      0,
    );
    expect(inkIn(page, { x: 0, y: 0, width: layout.page.width, height: layout.page.height })).toBe(cells);
  }
}
