// The main job as one object: signed in through the session, synced into the account's catalog file,
// and answering lookups and searches from it with or without a connection. The CLI and the Electron
// shell both drive this; neither adds logic of its own.

import { AppError } from "../../shared/app-error.ts";
import { readScan, type ScanOptions, type ScanReading } from "../../shared/barcode/scan-reading.ts";
import type { BranchCount } from "../../shared/catalog/branch-count.ts";
import { tillPricing } from "../../shared/catalog/branch-pricing.ts";
import type { CatalogStatus } from "../../shared/catalog/catalog-status.ts";
import { familyPrices } from "../../shared/catalog/family-prices.ts";
import { labelCharge } from "../../shared/catalog/label-charge.ts";
import type {
  FamilyPrices,
  LookupAnswer,
  ProductAnswer,
  StoredFamily,
} from "../../shared/catalog/lookup-answer.ts";
import type { PriceContext } from "../../shared/catalog/price-rule.ts";
import type { ImageCacheStatus, ProductPictures } from "../../shared/catalog/product-pictures.ts";
import type { SearchHit } from "../../shared/catalog/search-hit.ts";
import type { SyncProgress } from "../../shared/catalog/sync-progress.ts";
import type { GroupName, TaxName } from "../../shared/catalog/tax-amounts.ts";
import { defaultSettings, type PriceSettings } from "../../shared/settings/app-settings.ts";
import { type CatalogCheck, type CatalogFileGuard, guardCatalogFile } from "../catalog/catalog-file-guard.ts";
import { removeCatalogFile } from "../catalog/catalog-removal.ts";
import { type CatalogStore, catalogFileFor } from "../catalog/catalog-store.ts";
import { listedBranchName } from "../catalog/listed-branch-name.ts";
import type { ReferenceMaps } from "../catalog/reference-reads.ts";
import type { ImageRunSummary } from "../images/image-cache.ts";
import type { ImageShelf, ImageShelfRun } from "../images/image-shelf.ts";
import type { ServiceTime } from "../session/service-time.ts";
import type { Session } from "../session/session.ts";
import type { CatalogFileSyncSummary } from "../sync/catalog-file-sync.ts";
import { parseSyncState } from "../sync/sync-state.ts";
import { catalogFacts, noCatalog } from "./catalog-facts.ts";
import { namedBy, saleWith } from "./family-sale.ts";
import { familyGroupAndTax, referenceMaps, taxedPrices } from "./group-and-tax.ts";
import { createShelfLabels, type ShelfLabels, type ShelfLabelsDeps } from "./shelf-labels.ts";
import { createTillKeys, type TillKeys } from "./till-keys.ts";

export interface CatalogCore {
  sync(options?: {
    full?: boolean;
    pageSize?: number;
    signal?: AbortSignal;
    onProgress?: (progress: SyncProgress) => void;
  }): Promise<CatalogFileSyncSummary>;
  lookup(input: string, symbology?: string): Promise<LookupAnswer>;
  search(text: string, limit?: number): Promise<SearchHit[]>;
  /** The branches the catalog's branch prices name, with how many products each prices. */
  branches(): Promise<BranchCount[]>;
  /** A product by id with its parent and variants, or null. */
  product(id: string): Promise<ProductAnswer | null>;
  status(): Promise<CatalogStatus>;
  /**
   * Signs out. The catalog on this till stays readable (lookups and search work, nothing syncs)
   * unless `forgetCatalog` asks to remove it from the disk as well.
   */
  signOut(options?: { forgetCatalog?: boolean }): Promise<void>;
  /** The full integrity check of the catalog on this till; a damaged file is set aside. */
  check(): Promise<CatalogCheck>;
  /** The product pictures of this till's catalog (image-shelf.ts), run after a sync, never during. */
  images: CatalogImages;
  /** The counter keys: the favourite set's tabs, or the groups as tabs, and a group's products. */
  keys: TillKeys;
  /** The shelf labels to print after the syncs, and those printed (docs/labels.md). */
  labels: ShelfLabels;
  close(): Promise<void>;
}

/** The shelf's, for this till's catalog: a picture's bytes, and a new session beginning. */
export interface CatalogImages extends Pick<ImageShelf, "pictureBytes" | "newSession"> {
  /** Downloads what the catalog's products name (null when pictures are off), or only prunes. */
  run(options: Omit<ImageShelfRun, "catalogFile">): Promise<ImageRunSummary | null>;
  status(): Promise<ImageCacheStatus>;
}

export function createCatalogCore(deps: {
  dataDir: string;
  session: Session;
  /** The service's time: syncs are stamped with it, and status tells how far the till's clock is off. */
  time: ServiceTime;
  /** Read at every lookup, so a change of the scanner settings applies at once. */
  scanOptions?: () => ScanOptions;
  /** The till's branch and currency, read at every lookup; the default prices when absent. */
  prices?: () => PriceSettings | Promise<PriceSettings>;
  /**
   * The till's IANA time zone, where offers given as dates begin and end; when absent, its branch's
   * (from the service's branch list), else the system's.
   */
  timeZone?: string;
  images: ImageShelf;
  /** The favourite set the settings name, read at every keys answer; none when absent. */
  favouriteSet?: () => string | null;
  shelfLabels?: ShelfLabelsDeps["settings"];
}): CatalogCore {
  const { session } = deps;
  const clock = deps.time.now;
  const zones = { given: deps.timeZone, system: Intl.DateTimeFormat().resolvedOptions().timeZone };
  const priceSettings = async () => (await deps.prices?.()) ?? defaultSettings.prices;
  /**
   * The till's prices at `at`: the settings, with the currency and time zone of the till's branch
   * where they leave them open.
   */
  async function priceContext(at: number): Promise<PriceContext> {
    const settings = await priceSettings();
    const { branch } = settings;
    const listed = branch === null ? null : await opened?.catalog.read((store) => store.branchInfo(branch));
    return { ...tillPricing(settings, listed ?? null, zones), at };
  }
  /**
   * The family as the till answers it: this till's prices at this instant (offers start and end
   * without a sync), and the cached picture of each of its products.
   */
  async function answered<F extends StoredFamily>(
    family: F,
    context: PriceContext,
    maps: ReferenceMaps,
  ): Promise<
    F & { prices: FamilyPrices; pictures: ProductPictures; group: GroupName | null; tax: TaxName | null }
  > {
    const { group, tax } = familyGroupAndTax(family, maps);
    const prices = taxedPrices(familyPrices(family, context), tax?.rate);
    const members = [family.product, ...(family.parent === null ? [] : [family.parent]), ...family.variants];
    const ids = members.map((member) => member.id);
    const pictures = opened === null ? {} : deps.images.pictures(opened.file, ids);
    return { ...family, prices, pictures, group, tax };
  }
  let opened: { account: string; file: string; catalog: CatalogFileGuard } | null = null;
  let syncing = false;

  /** The catalog of whoever signed in last: still readable after signing out or when the session ended. */
  async function currentCatalog() {
    const record = await session.lastRecord();
    if (record === null) return null;
    if (opened?.account === record.account.id) return opened;
    await closeCatalog();
    const file = catalogFileFor(deps.dataDir, record.account.id);
    opened = { account: record.account.id, file, catalog: guardCatalogFile(file, clock) };
    return opened;
  }

  async function closeCatalog(): Promise<void> {
    const closing = opened;
    opened = null;
    await closing?.catalog.close();
  }

  async function requireCatalog() {
    const current = await currentCatalog();
    if (current === null) {
      throw new AppError(
        "sign-in-required",
        "There is no catalog on this till yet. Sign in once to download it.",
      );
    }
    return current;
  }

  const catalogFile = async () => (await requireCatalog()).catalog;
  const keys = createTillKeys({
    read: async (work) => (await requireCatalog()).catalog.read(work),
    priceContext: () => priceContext(clock()),
    pictures: async (ids) => (opened === null ? {} : deps.images.pictures(opened.file, ids)),
    chosen: async () => ({ setting: deps.favouriteSet?.() ?? null, branch: (await priceSettings()).branch }),
  });

  return {
    keys,
    labels: createShelfLabels({ catalog: catalogFile, clock, priceContext, settings: deps.shelfLabels }),
    async sync(options = {}) {
      if ((await session.state()).state === "signed-out") throw signInToSync();
      const { file, catalog } = await requireCatalog();
      if (syncing) throw new AppError("conflict", "A sync is already running. Wait for it to finish.");
      syncing = true;
      try {
        // Loaded when a sync runs: a till's first lookup after start never waits for the sync engine.
        const [{ syncCatalogFile }, { sessionProductsSource }] = await Promise.all([
          import("../sync/catalog-file-sync.ts"),
          import("../sync/session-source.ts"),
        ]);
        return await syncCatalogFile({
          ...options,
          file,
          catalog,
          source: sessionProductsSource(session),
          clock,
        });
      } finally {
        syncing = false;
      }
    },

    async lookup(input, symbology) {
      const { catalog } = await requireCatalog();
      const at = clock();
      const code = readScan(input, deps.scanOptions?.(), new Date(at), symbology);
      const found = await catalog.read(async (store) => {
        const match = await matchOf(store, code);
        if (match === null) return null;
        return {
          match,
          named: await namedBy(store, match),
          maps: await referenceMaps(store),
        };
      });
      if (found === null) {
        const reason = noMatchReason(code);
        const nothing = { match: null, price: null, sale: null, label: null, group: null, tax: null };
        return { query: input, code, ...nothing, reason };
      }
      const { match, named } = found;
      const context = await priceContext(at);
      const { group, tax, ...withPrices } = await answered(match, context, found.maps);
      const price = withPrices.prices[match.product.id] ?? null;
      const sale = saleWith(match, named, price, context);
      const label = labelCharge(code, price);
      return { query: input, code, match: withPrices, price, sale, label, reason: null, group, tax };
    },

    async search(text, limit = 20) {
      return (await requireCatalog()).catalog.read((store) => store.search(text, limit));
    },

    async branches() {
      return (await requireCatalog()).catalog.read((store) => store.branches());
    },

    async product(id) {
      const found = await (await requireCatalog()).catalog.read(async (store) => {
        const family = await store.productById(id);
        if (family === null) return null;
        const maps = await referenceMaps(store);
        return { family, named: await namedBy(store, family), maps };
      });
      if (found === null) return null;
      const context = await priceContext(clock());
      const family = await answered(found.family, context, found.maps);
      const price = family.prices[family.product.id] ?? null;
      return { ...family, sale: saleWith(found.family, found.named, price, context) };
    },

    async check() {
      return (await requireCatalog()).catalog.check();
    },

    async status() {
      const prices = await priceSettings();
      const { state: signIn, record } = await session.state();
      const current = await currentCatalog();
      const read = current ? await catalogFacts(current.file, current.catalog) : noCatalog;
      const { counts } = read;
      const state = parseSyncState(read.stored);
      return {
        session: signIn,
        signedIn: signIn === "signed-in",
        account: record?.account ?? null,
        ...counts,
        referenceData: read.referenceData,
        lastSyncAt: state.lastSyncAt,
        lastFullSyncAt: state.lastFullSyncAt,
        syncUnfinished: state.running !== null,
        tokenExpiresAt: signIn === "signed-out" ? null : (record?.expiresAt ?? null),
        serverTotal: state.serverTotal,
        mismatch: state.serverTotal !== null && state.serverTotal !== counts.products,
        catalogProblem: read.problem,
        clockOffsetMs: deps.time.offsetMs(),
        prices,
        branchName: current === null ? null : await listedBranchName(current.catalog, prices.branch),
        images: await deps.images.status(current?.file ?? null),
      };
    },

    images: {
      async run(options) {
        const { file } = await requireCatalog();
        return deps.images.run({ ...options, catalogFile: file });
      },
      status: async () => deps.images.status((await currentCatalog())?.file ?? null),
      pictureBytes: (hash) => deps.images.pictureBytes(hash),
      newSession: () => deps.images.newSession(),
    },

    async signOut(options = {}) {
      const { record } = await session.state();
      await session.signOut({ forget: options.forgetCatalog ?? false });
      if (options.forgetCatalog && record !== null) {
        await closeCatalog();
        const file = catalogFileFor(deps.dataDir, record.account.id);
        await removeCatalogFile(file);
        deps.images.forgetCatalog(file);
      }
    },

    async close() {
      deps.images.close();
      await closeCatalog();
    },
  };
}

/** Why nothing syncs while nobody is signed in, and what still works. */
export function signInToSync(): AppError {
  return new AppError(
    "sign-in-required",
    "Nobody is signed in, so the catalog cannot sync. Sign in first; the catalog on this till stays readable meanwhile.",
  );
}

/** Codes first, then the typed SKU or custom id. */
async function matchOf(store: CatalogStore, code: ScanReading) {
  for (const key of code.searchKeys) {
    const byCode = await store.lookupCode(key);
    if (byCode !== null) return byCode;
  }
  return store.lookupIdentifier(code.normalised);
}

/** A problem with the code itself explains the miss better than "unknown". */
function noMatchReason(code: ScanReading): NonNullable<LookupAnswer["reason"]> {
  if (code.problem !== null) return code.problem;
  return {
    kind: "unknown-code",
    message: `No product has the code, SKU or custom id ${code.normalised}. Search by name, or check that the catalog is up to date.`,
  };
}
