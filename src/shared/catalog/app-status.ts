// Everything the status bar shows: the catalog's own status, plus how fresh it is, whether a sync is
// running, whether the service is reachable, and what last went wrong.
import { z } from "zod";
import { ipcErrorSchema } from "../ipc/ipc-result.ts";
import { catalogStatusSchema } from "./catalog-status.ts";
import { serviceWaitSchema } from "./service-wait.ts";
import { syncProgressSchema } from "./sync-progress.ts";

const isoInstant = z.iso.datetime({ offset: true });

export const freshnessSchema = z.object({
  /** The end of the last complete sync: the catalog is as the service was then. null: never synced. */
  catalogAsOf: isoInstant.nullable(),
  /** Older than the stale age setting (or never synced). */
  stale: z.boolean(),
  staleAfterHours: z.number().positive(),
});
export type Freshness = z.infer<typeof freshnessSchema>;

export const appStatusSchema = catalogStatusSchema.extend({
  freshness: freshnessSchema,
  sync: z.object({
    running: z.boolean(),
    mode: z.enum(["full", "incremental"]).nullable(),
    /** The last progress of the running sync; null when none is running or none arrived yet. */
    progress: syncProgressSchema.nullable(),
    /** When the next background sync is due; null when none is planned. */
    nextAt: isoInstant.nullable(),
  }),
  /** Judged from real request outcomes and a periodic probe; null until the first one is known. */
  online: z.boolean().nullable(),
  /** A sync, sign-in or change of address waiting on a silent service now; null when none is. */
  waiting: serviceWaitSchema.nullable(),
  /** The last failure of a sync or sign-in; cleared by the next success. */
  lastError: ipcErrorSchema.nullable(),
  /** Why credentials cannot be remembered on this machine (no keychain); null when they can. */
  rememberUnavailable: z.string().nullable(),
  /** The version of a downloaded update that installs when the app quits; null or absent when none. */
  updateReady: z.string().nullable().optional(),
});
export type AppStatus = z.infer<typeof appStatusSchema>;
