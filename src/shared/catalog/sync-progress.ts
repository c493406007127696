// How far a running sync has got: what the progress line and the status bar show.
import { z } from "zod";

export const syncProgressSchema = z.object({
  mode: z.enum(["full", "incremental"]),
  stream: z.enum(["live", "deleted"]),
  /** Records received in this run, both streams, valid or not. */
  done: z.number().int().nonnegative(),
  /** The service's count of live products, when it could be read. */
  total: z.number().int().nonnegative().nullable(),
  pages: z.number().int().nonnegative(),
  perSecond: z.number().nonnegative(),
  /** Seconds left for the live walk of a full sync; null when it cannot be known. */
  etaSeconds: z.number().nonnegative().nullable(),
});
export type SyncProgress = z.infer<typeof syncProgressSchema>;
