// The one contract between the catalog's main side and any page that drives it: every method with
// the schema of its argument and of its result, and every event with the schema of its data. The
// preload, the main-side handlers and the browser bridge are all derived from this table.
import { z } from "zod";
import { isAimIdentifier } from "../barcode/aim-identifier.ts";
import { appStatusSchema } from "../catalog/app-status.ts";
import { branchCountSchema } from "../catalog/branch-count.ts";
import { counterKeysSchema, groupKeysSchema, productGroupCountSchema } from "../catalog/counter-keys.ts";
import { lookupAnswerSchema, productAnswerSchema } from "../catalog/lookup-answer.ts";
import { searchHitSchema } from "../catalog/search-hit.ts";
import { sessionInfoSchema } from "../catalog/session-info.ts";
import { labelLayouts, labelRequestSchema, shelfLabelListSchema } from "../catalog/shelf-labels.ts";
import { syncProgressSchema } from "../catalog/sync-progress.ts";
import { serialCodeSchema, serialStatusSchema } from "../serial/serial-events.ts";
import { appSettingsSchema, serviceUrlSchema, settingsChangeSchema } from "../settings/app-settings.ts";
import { type CatalogEvent, type CatalogMethod, catalogEvents, catalogMethods } from "./catalog-channels.ts";

/** Methods without an argument accept nothing (undefined, or null from JSON transports). */
const none = z.null().optional();

const field = (label: string, max = 200) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} is too long`);

export const syncSummarySchema = z.object({
  mode: z.enum(["full", "incremental"]),
  resumed: z.boolean(),
  received: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  pages: z.number().int().nonnegative(),
  products: z.number().int().nonnegative(),
  serverTotal: z.number().int().nonnegative().nullable(),
  mismatch: z.boolean(),
  finishedAt: z.iso.datetime({ offset: true }),
  /** Where a damaged catalog file was moved before the sync downloaded the catalog afresh. */
  damagedCatalogSetAside: z.string().nullable().optional(),
});
export type SyncSummaryResult = z.infer<typeof syncSummarySchema>;

const labelIdsSchema = z.array(field("A product id")).min(1, "Choose at least one label").max(5000);

export const catalogContract = {
  signInOrganisation: {
    argument: z.strictObject({
      baseUrl: serviceUrlSchema,
      organisation: field("The organisation"),
      username: field("The username"),
      password: z.string().min(1, "The password is required").max(1000, "The password is too long"),
      remember: z.boolean(),
    }),
    result: sessionInfoSchema,
  },
  signInApiKey: {
    argument: z.strictObject({
      baseUrl: serviceUrlSchema,
      accountId: field("The account ID"),
      apiKey: z.string().min(1, "The API key is required").max(1000, "The API key is too long"),
      remember: z.boolean(),
    }),
    result: sessionInfoSchema,
  },
  /** Forgets the token and remembered credentials; the local catalog stays and keeps answering. */
  signOut: { argument: none, result: z.null() },
  sessionInfo: { argument: none, result: sessionInfoSchema.nullable() },
  status: { argument: none, result: appStatusSchema },
  /** Resolves when the sync ends; progress and status arrive as events meanwhile. */
  startSync: {
    argument: z.strictObject({ mode: z.enum(["incremental", "full"]) }),
    result: syncSummarySchema,
  },
  /** true when a running sync was asked to stop; false when none was running. */
  cancelSync: { argument: none, result: z.boolean() },
  lookup: {
    argument: z.strictObject({
      code: z.string().max(1000, "The code is too long to be a barcode"),
      /** The AIM identifier its source reported beside the code (a camera, a serial scanner). */
      symbology: z.string().refine(isAimIdentifier, "The symbology is not an AIM identifier").optional(),
    }),
    result: lookupAnswerSchema,
  },
  search: {
    argument: z.strictObject({
      text: z.string().max(500, "The search text is too long"),
      limit: z.number().int().min(1).max(200).optional(),
    }),
    result: z.array(searchHitSchema),
  },
  /**
   * A product by id, with its parent and variant family and how it is sold; null when the catalog
   * does not hold it.
   */
  product: {
    argument: z.strictObject({ id: field("The product id") }),
    result: productAnswerSchema.nullable(),
  },
  /** The branches the catalog's branch prices name, most products first: what a till's branch is chosen from. */
  branches: { argument: none, result: z.array(branchCountSchema) },
  /**
   * The till's counter keys: the favourite set's tabs and the keys of one tab (`tab`, from 0; the
   * first when left out), or the product groups as tabs when the account has no set. `set` asks for
   * a set by name (else: the branch's default, the only set, the set the settings name).
   */
  keys: {
    argument: z
      .strictObject({
        set: z.string().trim().min(1).max(200, "The set's name is too long").optional(),
        tab: z.number().int().min(0).max(24).optional(),
      })
      .nullish(),
    result: counterKeysSchema,
  },
  /** A group's products as keys, 25 a page, alphabetically; `after` is the previous page's `next`. */
  groupKeys: {
    argument: z.strictObject({
      group: field("The product group"),
      after: z.string().max(2000).nullish(),
    }),
    result: groupKeysSchema,
  },
  /** The product groups with how many products each holds, largest first. */
  productGroups: { argument: none, result: z.array(productGroupCountSchema) },
  /** The shelf labels to print since the last printed (or those asked for), grouped, with why. */
  shelfLabels: { argument: labelRequestSchema.nullish(), result: shelfLabelListSchema },
  /** Keeps these products' labels, as they read now, as printed at this till's branch. */
  markLabelsPrinted: {
    argument: z.strictObject({ ids: labelIdsSchema }),
    result: z.object({ marked: z.number().int().nonnegative() }),
  },
  /** These products' labels as a PDF ready to print, base64, in the screen's language (else the settings'). */
  labelsPdf: {
    argument: z.strictObject({
      ids: labelIdsSchema,
      layout: z.enum(labelLayouts),
      language: z.string().max(35).optional(),
    }),
    result: z.object({ pdf: z.base64(), labels: z.number().int().nonnegative() }),
  },
  settings: { argument: none, result: appSettingsSchema },
  changeSettings: { argument: settingsChangeSchema, result: appSettingsSchema },
  /** Saves the diagnostics file (status, settings without secrets, logs, check, versions); answers where. */
  saveDiagnostics: { argument: none, result: z.object({ file: z.string() }) },
  /** A fault in the screens, for the till's log; too many in a minute are counted, not written. */
  reportProblem: {
    argument: z.strictObject({
      message: z.string().max(2000, "The message is too long"),
      detail: z.string().max(8000, "The detail is too long").optional(),
    }),
    result: z.null(),
  },
  /** The serial ports the system lists (virtual ones are not listed: Settings also takes a typed one). */
  serialPorts: { argument: none, result: z.array(z.string()) },
  /** How the serial scanner's port is doing now; changes arrive as serialStatus events. */
  serialStatus: { argument: none, result: serialStatusSchema },
} as const satisfies Record<CatalogMethod, { argument: z.ZodType; result: z.ZodType }>;

export const catalogEventContract = {
  syncProgress: syncProgressSchema,
  statusChanged: appStatusSchema,
  /** A code the serial scanner read: the page hands it to its scan pipeline. */
  serialCode: serialCodeSchema,
  serialStatus: serialStatusSchema,
} as const satisfies Record<CatalogEvent, z.ZodType>;

export type CatalogContract = typeof catalogContract;
export type MethodArgument<M extends CatalogMethod> = z.input<CatalogContract[M]["argument"]>;
export type MethodResult<M extends CatalogMethod> = z.output<CatalogContract[M]["result"]>;
export type EventData<E extends CatalogEvent> = z.output<(typeof catalogEventContract)[E]>;

// Every listed name has a schema and every schema a listed name (checked when this module loads).
for (const name of catalogMethods) if (!(name in catalogContract)) throw new Error(`no schema: ${name}`);
for (const name of catalogEvents) if (!(name in catalogEventContract)) throw new Error(`no schema: ${name}`);
