// A cancel request (AbortSignal) turned into the one error value every layer reports it with.
import { AppError } from "../shared/app-error.ts";

export function cancelledError(message = "Cancelled."): AppError {
  return new AppError("cancelled", message);
}

/** Callers that can say more (a sync resumes where it stopped) pass their own message. */
export function throwIfCancelled(signal: AbortSignal | undefined, message?: string): void {
  if (signal?.aborted) throw cancelledError(message);
}
