// What a till knows about its local catalog and its sign-in, for `status` and the status bar.
import { z } from "zod";
import { priceSettingsSchema } from "../settings/app-settings.ts";
import { imageCacheStatusSchema } from "./product-pictures.ts";
import { accountInfoSchema, sessionStates } from "./session-info.ts";

const isoInstant = z.iso.datetime({ offset: true });

/** What the till holds of one list of reference data (favourite sets, product groups, taxes). */
const referenceCountSchema = z.object({
  /** Records held. */
  held: z.number().int().nonnegative(),
  /** read: as last read; absent: the service has no such list (404), not asked again but by a full sync; unread: never read yet. */
  state: z.enum(["read", "absent", "unread"]),
  /** Records of the last read that could not be held at all (not an object, no id). */
  refused: z.number().int().nonnegative(),
  /** Held with parts left out (`check` names them). */
  withUnusableParts: z.number().int().nonnegative(),
});
export type ReferenceCount = z.infer<typeof referenceCountSchema>;

export const referenceDataSchema = z.object({
  favourites: referenceCountSchema,
  productGroups: referenceCountSchema,
  taxes: referenceCountSchema,
});
export type ReferenceData = z.infer<typeof referenceDataSchema>;

const unread: ReferenceCount = { held: 0, state: "unread", refused: 0, withUnusableParts: 0 };

/** A catalog that has read none of the lists yet (or no catalog). */
export const noReferenceData: ReferenceData = { favourites: unread, productGroups: unread, taxes: unread };

export const catalogStatusSchema = z.object({
  /** Signed in, session expired (sign in again to sync) or signed out (the catalog stays readable). */
  session: z.enum(sessionStates),
  /** session === "signed-in": the catalog syncs. */
  signedIn: z.boolean(),
  /** Whose catalog this is: also after signing out or when the session ended. */
  account: accountInfoSchema.nullable(),
  /** Non-deleted products, inactive included. */
  products: z.number().int().nonnegative(),
  inactive: z.number().int().nonnegative(),
  /** Records set aside because they cannot be held at all (not an object, no id, no usable date). */
  quarantined: z.number().int().nonnegative(),
  /** Products held with parts the catalog cannot use (`check` names them). */
  withUnusableParts: z.number().int().nonnegative(),
  /** The favourite sets, product groups and taxes held beside the products. */
  referenceData: referenceDataSchema,
  lastSyncAt: isoInstant.nullable(),
  lastFullSyncAt: isoInstant.nullable(),
  /** A sync that stopped part-way (crash, cancel, lost connection) and will resume. */
  syncUnfinished: z.boolean(),
  /** When the token ends (or ended); null when signed out. */
  tokenExpiresAt: isoInstant.nullable(),
  serverTotal: z.number().int().nonnegative().nullable(),
  mismatch: z.boolean(),
  /**
   * Why the catalog cannot be used as usual: damaged (set aside; a sync downloads it again) or
   * read-only (lookups work, syncs cannot); null when nothing is wrong with it.
   */
  catalogProblem: z.object({ kind: z.enum(["damaged", "read-only"]), message: z.string() }).nullable(),
  /** The service's clock minus the till's, in ms, as last measured; null before any answer. */
  clockOffsetMs: z.number().nullable(),
  /** This till's branch and currency, as its prices are worked out. */
  prices: priceSettingsSchema,
  /** The till's branch as the service's branch list names it ("1 Berlin Mitte"); null when unlisted or none. */
  branchName: z.string().nullable(),
  /** The product pictures kept on this till. */
  images: imageCacheStatusSchema,
});
export type CatalogStatus = z.infer<typeof catalogStatusSchema>;

/** Off by more than this, the till's clock is worth a warning: people read times from it. */
export const clockWarningMs = 5 * 60_000;

/** How far the till's clock is off the service's, when that is worth a warning; else null. */
export function clockOffWarning(status: Pick<CatalogStatus, "clockOffsetMs">): number | null {
  const offset = status.clockOffsetMs;
  return offset !== null && Math.abs(offset) > clockWarningMs ? offset : null;
}

const spanUnits = [
  ["year", 365.25 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
] as const;

/** A length of time as a whole number of its largest unit, to say roughly: 2 hours, 10 years. */
export function roughSpan(ms: number): { value: number; unit: (typeof spanUnits)[number][0] } {
  const size = Math.abs(ms);
  const [unit, unitMs] = spanUnits.find(([, length]) => size >= length) ?? spanUnits[3];
  return { value: Math.round(size / unitMs), unit };
}
