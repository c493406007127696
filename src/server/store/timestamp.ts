// The wire form of an instant: ISO string and epoch milliseconds side by side.
import type { Timestamp } from "../../shared/api/common.ts";

export function timestamp(ms: number): Timestamp {
  return { iso: new Date(ms).toISOString(), unix: ms };
}
