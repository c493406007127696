// What a till knows about its local catalog and its sign-in, for `status` and the status bar.
import { z } from "zod";
import { priceSettingsSchema } from "../settings/app-settings.ts";
import { accountInfoSchema, sessionStates } from "./session-info.ts";

const isoInstant = z.iso.datetime({ offset: true });

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
  quarantined: z.number().int().nonnegative(),
  lastSyncAt: isoInstant.nullable(),
  lastFullSyncAt: isoInstant.nullable(),
  /** A sync that stopped part-way (crash, cancel, lost connection) and will resume. */
  syncUnfinished: z.boolean(),
  /** When the token ends (or ended); null when signed out. */
  tokenExpiresAt: isoInstant.nullable(),
  serverTotal: z.number().int().nonnegative().nullable(),
  mismatch: z.boolean(),
  /** This till's branch and currency, as its prices are worked out. */
  prices: priceSettingsSchema,
});
export type CatalogStatus = z.infer<typeof catalogStatusSchema>;
