// A request that is waiting on a silent commerce service, as the status bar and the CLI say it: the
// service took the connection and has not answered (or started an answer and stopped), for how long,
// and how soon the sync or sign-in gives up at the latest.
import { z } from "zod";

export const serviceWaitSchema = z.object({
  /** The service's host (and port), as the person set it. */
  host: z.string(),
  /** "no-answer": the request is sent and nothing came back. "unfinished": the answer started, not ended. */
  phase: z.enum(["no-answer", "unfinished"]),
  /** Seconds since the first request the service has not answered was sent (its retries included). */
  waitedSeconds: z.number().int().nonnegative(),
  /** Seconds until the sync, sign-in or change of address gives up at the latest. */
  giveUpSeconds: z.number().int().nonnegative(),
});
export type ServiceWait = z.infer<typeof serviceWaitSchema>;
