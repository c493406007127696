// The main job on the embedded default upstream, in one command: the reference service with a demo
// catalog, an organisation sign-in, a full sync with progress, then lookups and a search.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CatalogApp } from "../core/app/index.ts";
import type { RunningService } from "../server/service.ts";
import type { Product } from "../shared/api/product.ts";
import { withCheckDigit } from "../shared/barcode/gtin.ts";
import { type ResolvedPrice, resolvePrice } from "../shared/catalog/price-rule.ts";
import { searchText } from "../shared/catalog/search-text.ts";
import { setBranch } from "./branch-command.ts";
import { dataDirOption, integerFlag, parseCommandArgs } from "./cli-args.ts";
import { type CliIo, type Command, exitCodes } from "./cli-io.ts";
import { givenDataDir } from "./data-dir.ts";
import { openCliCatalog } from "./open-catalog.ts";
import { count, counted, localTime } from "./people-format.ts";
import { describeMatch, describeProductLine } from "./product-text.ts";
import { progressWriter } from "./progress-line.ts";

export const demoCommand: Command = {
  usage: "demo [--products N (default 20000)]",
  async run(args, io) {
    // The embedded service (a web server, database drivers) is loaded when the demo runs, not whenever
    // the command is: `--help` and every usage error list this command's usage too.
    const { demoSaleCode, maxDemoProducts, startService } = await import("../server/service.ts");
    const { values } = parseCommandArgs(args, { ...dataDirOption, products: { type: "string" } }, 0);
    const generated = integerFlag("products", values.products, 50, maxDemoProducts) ?? 20_000;
    // Without --data-dir the demo leaves nothing behind in the person's own catalog.
    const given = givenDataDir(values["data-dir"], "--data-dir");
    const ownDir = given === undefined;
    const dataDir = given ?? (await mkdtemp(join(tmpdir(), "pos-catalog-demo-")));
    io.stderr.write(
      `Starting the reference commerce service with ${counted(generated, "demo product", "demo products")}...\n`,
    );
    const service = await startService({ port: 0, demoProducts: generated });
    const catalog = openCliCatalog(dataDir);
    try {
      await catalog.start();
      await signIn(service, catalog, io);
      await sync(catalog, io, generated);
      await showLookups(catalog, io, demoSaleCode);
      return exitCodes.ok;
    } finally {
      await catalog.close();
      await service.close();
      if (ownDir) await rm(dataDir, { recursive: true, force: true });
    }
  },
};

async function signIn(service: RunningService, catalog: CatalogApp, io: CliIo): Promise<void> {
  const { organisation, username, password } = service.demo;
  io.stdout.write(`Service: ${service.baseUrl}\nSigning in to "${organisation}" as ${username}...\n`);
  const info = await catalog.signInOrganisation({
    baseUrl: service.baseUrl,
    organisation,
    username,
    password,
    remember: false,
  });
  io.stdout.write(`Signed in until ${localTime(info.expiresAt)}.\n\n`);
}

async function sync(catalog: CatalogApp, io: CliIo, generated: number): Promise<void> {
  const progress = progressWriter(io.stderr, Date.now);
  const started = Date.now();
  const summary = await catalog.startSync({ mode: "incremental", onProgress: progress.update });
  progress.end();
  const seconds = (Date.now() - started) / 1000;
  const live = summary.serverTotal ?? summary.products;
  const deleted = generated - live;
  const lines = [
    `Synced ${counted(summary.products, "product", "products")} in ${count(Math.round(seconds * 10) / 10)} s (${counted(summary.pages, "page", "pages")}).`,
  ];
  if (deleted > 0) {
    lines.push(
      `The demo generated ${count(generated)}, of which ${count(deleted)} are deleted: a till removes deleted products, ` +
        `so ${count(live)} live ones are kept (inactive ones included, marked inactive).`,
    );
  }
  if (summary.mismatch)
    lines.push(`The service counts ${count(live)}: run sync --full to repair the catalog.`);
  io.stdout.write(`${lines.join("\n")}\n\n`);
}

async function showLookups(
  catalog: CatalogApp,
  io: CliIo,
  demoSaleCode: (key: string) => string,
): Promise<void> {
  const sample = await catalog.authorised((auth, client) =>
    client.fetchProductsPage(auth, { size: 1000, page: 0, deleted: false }),
  );
  const products = sample.received.map(({ product }) => product);
  for (const [title, code] of examples(products)) await showLookup(catalog, io, code, title);
  for (const [title, code] of saleExamples) await showLookup(catalog, io, demoSaleCode(code), title);
  const [branch] = await catalog.branches();
  if (branch !== undefined) {
    await setBranch(catalog, branch.branch);
    const typed = branch.number === null ? branch.branch : String(branch.number);
    const shop =
      branch.name === null ? "one of the chain's shops" : `${branch.name}, one of the chain's shops`;
    io.stdout.write(
      `> branch ${typed}  (this till is ${shop}: ${counted(branch.products, "product has a price", "products have prices")} of their own here)\n\n`,
    );
    for (const [title, code] of priceExamples(products, branch.branch))
      await showLookup(catalog, io, code, title);
  }
  const word = searchWord(products);
  const results = await catalog.search({ text: word.typed, limit: 5 });
  io.stdout.write(`> search "${word.typed}"  (typed without accents; finds "${word.from}")\n`);
  io.stdout.write(`${results.map((product) => describeProductLine(product)).join("\n")}\n`);
}

async function showLookup(catalog: CatalogApp, io: CliIo, code: string, title: string): Promise<void> {
  const answer = await catalog.lookup({ code });
  io.stdout.write(`> lookup ${code}  (${title})\n`);
  io.stdout.write(answer.match ? describeMatch(answer) : `${answer.reason?.message}\n`);
  io.stdout.write("\n");
}

/** One product for each way a till in `branch` prices it now, as the price rule works it out. */
function priceExamples(products: Product[], branch: string): [string, string][] {
  const till = {
    branch,
    currency: null,
    at: Date.now(),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  const codeOf = (code: RegExp, wanted: (price: ResolvedPrice) => boolean) =>
    products.find((product) => {
      const price = resolvePrice(product.prices, till);
      return product.active && code.test(product.barcode ?? "") && price !== null && wanted(price);
    })?.barcode ?? null;
  const retail = /^[3-9]\d{12}$/;
  const list: [string, string | null][] = [
    ["this branch's own price", codeOf(retail, (price) => price.source === "branch" && price.until === null)],
    [
      "an offer running now: it wins over every other price",
      codeOf(retail, (price) => price.source === "time-based"),
    ],
    [
      "an offer still to come: the price changes by itself when it starts",
      codeOf(retail, (price) => price.source !== "time-based" && price.until !== null),
    ],
    ["quantity prices", codeOf(retail, (price) => price.tiers.length > 0)],
    [
      "a scale label, 1.250 kg at this branch's price per kg",
      ((code) => (code ? withCheckDigit(`${code.slice(0, 7)}01250`) : null))(
        codeOf(/^21/, (price) => price.source === "branch"),
      ),
    ],
  ];
  return list.filter((entry): entry is [string, string] => entry[1] !== null);
}

/** How a product is sold, by the demo's sale cases (src/server/demo/demo-sale-cases.ts). */
const saleExamples: [string, string][] = [
  ["a drink sold with its deposit: both are charged", "cola"],
  ["a bundle: what it is made of", "giftBox"],
  ["a price the cashier enters, the shelf price suggested", "looseFruit"],
];

/** Codes worth showing, taken from what the service holds; each one found only in the local catalog. */
function examples(products: Product[]): [string, string][] {
  const barcodeOf = (wanted: (product: Product) => boolean) =>
    products.find((product) => product.active && product.barcode && wanted(product))?.barcode ?? null;
  const list: [string, string | null][] = [
    ["a standard product", barcodeOf((p) => p.type === "product" && /^[3-9]\d{12}$/.test(p.barcode ?? ""))],
    ["a variant: its parent and siblings come with it", barcodeOf((p) => p.type === "variant")],
    [
      "the EAN-13 form of a UPC-A code",
      ((code) => (code ? `0${code}` : null))(barcodeOf((p) => /^\d{12}$/.test(p.barcode ?? ""))),
    ],
    [
      "a scale label: 1.250 kg of a weighed product",
      ((code) => (code ? withCheckDigit(`${code.slice(0, 7)}01250`) : null))(
        barcodeOf((p) => p.barcode?.startsWith("21") ?? false),
      ),
    ],
    ["a code no product has", withCheckDigit("990000000001")],
  ];
  return list.filter((entry): entry is [string, string] => entry[1] !== null);
}

/** A word from a product name whose accents fold away, typed without them, as a hurried cashier would. */
function searchWord(products: Product[]): { typed: string; from: string } {
  const words = products.flatMap((product) => product.name.split(/\s+/));
  const accented = words.find((word) => word.length >= 4 && searchText(word) !== word.toLowerCase());
  const from = accented ?? words[0] ?? "";
  return { typed: searchText(from), from };
}
