// The shelf labels to print, as the till works them out: for each product a sync changed (or whose
// offers move its price, or whose label was printed), the label it reads now at this till's branch
// and this instant, against the one on the shelf (printed here, else as the product read before the
// sync changed it). Those that differ are due, each with why. Nothing is worked out at a sync or a
// scan: only when the list is asked for.
import type { Product } from "../../shared/api/product.ts";
import { type LabelContext, labelFace } from "../../shared/catalog/label-face.ts";
import { labelReasons } from "../../shared/catalog/label-reasons.ts";
import type { PriceContext } from "../../shared/catalog/price-rule.ts";
import { saleReferences } from "../../shared/catalog/sale-links.ts";
import type {
  LabelFace,
  LabelLayoutName,
  LabelRequest,
  ShelfLabelList,
  ShelfLabelRow,
} from "../../shared/catalog/shelf-labels.ts";
import { ruleOfCountry } from "../../shared/catalog/unit-price.ts";
import { defaultSettings, type ShelfLabelSettings } from "../../shared/settings/app-settings.ts";
import type { CatalogFileGuard } from "../catalog/catalog-file-guard.ts";
import type { ReferenceMaps } from "../catalog/reference-reads.ts";
import { groupAndTax, referenceMaps } from "./group-and-tax.ts";

export interface ShelfLabels {
  /** The labels due (or, with `all` or `ids`, those asked for), grouped by product group. */
  list(request?: LabelRequest): Promise<ShelfLabelList>;
  /** Keeps the labels of these products, as they read now, as printed at this till's branch. */
  markPrinted(ids: readonly string[]): Promise<{ marked: number }>;
  /** The labels asked for as a PDF ready to print (label-pdf.ts), in the language given. */
  pdf(
    request: LabelRequest & { layout: LabelLayoutName; language: string },
  ): Promise<{ pdf: Buffer; labels: number }>;
}

export interface ShelfLabelsDeps {
  /** The till's catalog file: its reads, and the write that keeps labels as printed. */
  catalog(): Promise<Pick<CatalogFileGuard, "read" | "write">>;
  clock(): number;
  priceContext(at: number): Promise<PriceContext>;
  /** Read at every list: the country (or rule of its own) the unit price follows; Germany's when absent. */
  settings?: () => ShelfLabelSettings;
}

interface Read {
  products: Product[];
  byId: Map<string, Product>;
  printed: Map<string, LabelFace>;
  seen: Map<string, { record: Product | null; at: number }>;
  maps: ReferenceMaps;
  branchName: string | null;
}

export function createShelfLabels(deps: ShelfLabelsDeps): ShelfLabels {
  async function contextAt(at: number): Promise<LabelContext> {
    const { country, unitPriceRule } = deps.settings?.() ?? defaultSettings.shelfLabels;
    return { ...(await deps.priceContext(at)), unitPriceRule: unitPriceRule ?? ruleOfCountry(country) };
  }

  /** The products asked for, and everything their labels need, in one read of the catalog. */
  async function readFor(request: LabelRequest, branch: string): Promise<Read> {
    return (await deps.catalog()).read(async (store) => {
      const ids =
        request.ids ??
        (await store.readShelf((shelf) => (request.all ? shelf.liveIds() : shelf.candidates(branch))));
      const products = await store.productsByIds(ids);
      const [printed, seen] = await store.readShelf(
        (shelf) => [shelf.printed(branch, ids), shelf.seen(ids)] as const,
      );
      const named = new Set<string>();
      for (const product of [...products, ...[...seen.values()].flatMap((kept) => kept.record ?? [])]) {
        if (typeof product.parent === "string") named.add(product.parent);
        for (const id of saleReferences(product)) named.add(id);
      }
      const others = await store.productsByIds([...named]);
      const info = branch === "" ? null : await store.branchInfo(branch);
      return {
        products,
        byId: new Map(others.map((product) => [product.id, product])),
        printed,
        seen,
        maps: await referenceMaps(store),
        branchName: info?.name ?? null,
      };
    });
  }

  function faceOf(product: Product, read: Read, context: LabelContext): LabelFace {
    const parent = typeof product.parent === "string" ? (read.byId.get(product.parent) ?? null) : null;
    const taxRate = groupAndTax(product, read.maps, parent).tax?.rate ?? null;
    return labelFace(product, { parent, byId: read.byId, taxRate }, context);
  }

  /** The label on the shelf: printed here, else as before the sync that changed it, else as now. */
  function shownOf(product: Product, read: Read, now: LabelFace, context: LabelContext): LabelFace | null {
    const printed = read.printed.get(product.id);
    if (printed !== undefined) return printed;
    const seen = read.seen.get(product.id);
    if (seen === undefined) return now;
    if (seen.record === null) return null;
    // Read at this till as it is now (its branch, currency, zone), at the instant it was last right.
    return faceOf(seen.record, read, { ...context, at: seen.at });
  }

  async function rows(request: LabelRequest) {
    const at = deps.clock();
    const context = await contextAt(at);
    const branch = context.branch ?? "";
    const read = await readFor(request, branch);
    const wanted = request.all === true || request.ids !== undefined;
    const found: ShelfLabelRow[] = [];
    for (const product of read.products) {
      const { groupId, group } = groupAndTax(product, read.maps);
      if (request.group !== undefined && !groupMatches(request.group, groupId, group?.name ?? null)) continue;
      const label = faceOf(product, read, context);
      const reasons = labelReasons(shownOf(product, read, label, context), label);
      if (wanted || reasons.length > 0)
        found.push({ label, group: { id: groupId, name: group?.name ?? null }, reasons });
    }
    found.sort(byGroupThenName);
    const list = {
      branch: context.branch === null ? null : { id: context.branch, name: read.branchName },
      at: new Date(at).toISOString(),
      rows: found,
    };
    return { list, faces: found.map((row) => row.label), timeZone: context.timeZone };
  }

  return {
    list: async (request = {}) => (await rows(request)).list,
    async pdf({ layout, language, ...request }) {
      const { list, faces, timeZone } = await rows(request);
      // Loaded when a PDF is made: pdfkit and the fonts are nothing a till's lookups need.
      const { labelPdf } = await import("../labels/label-pdf.ts");
      const printedOn = localDay(Date.parse(list.at), timeZone);
      const branch = list.branch === null ? null : (list.branch.name ?? list.branch.id);
      return {
        pdf: await labelPdf({ labels: faces, layout, language, printedOn, branch }),
        labels: faces.length,
      };
    },
    async markPrinted(ids) {
      const { list, faces } = await rows({ ids: [...new Set(ids)] });
      const branch = list.branch?.id ?? "";
      await (await deps.catalog()).write((store) =>
        store.markLabelsPrinted(branch, faces, Date.parse(list.at)),
      );
      return { marked: faces.length };
    },
  };
}

/** The till's day at `at` (YYYY-MM-DD). */
function localDay(at: number, timeZone: string): string {
  const format = { timeZone, year: "numeric", month: "2-digit", day: "2-digit" } as const;
  return new Intl.DateTimeFormat("en-CA", format).format(at);
}

function groupMatches(asked: string, id: string | null, name: string | null): boolean {
  const wanted = asked.trim().toLowerCase();
  return id?.toLowerCase() === wanted || name?.trim().toLowerCase() === wanted;
}

function byGroupThenName(a: ShelfLabelRow, b: ShelfLabelRow): number {
  const groupA = a.group.name ?? a.group.id ?? "\uffff";
  const groupB = b.group.name ?? b.group.id ?? "\uffff";
  return (
    groupA.localeCompare(groupB) ||
    a.label.name.localeCompare(b.label.name) ||
    a.label.productId.localeCompare(b.label.productId)
  );
}
