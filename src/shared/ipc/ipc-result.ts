// How an answer crosses the IPC boundary: a value, or an error value with a kind and a message a
// person can act on. Never a stack trace, never an exception object.
import { z } from "zod";
import { errorKinds } from "../app-error.ts";

export const ipcErrorKinds = [
  ...errorKinds,
  /** The caller sent an argument the contract refuses; nothing was done. */
  "invalid-argument",
  /** The call came from a page that is not the app's own; nothing was done. */
  "forbidden-sender",
] as const;
export type IpcErrorKind = (typeof ipcErrorKinds)[number];

export const ipcErrorSchema = z.object({ kind: z.enum(ipcErrorKinds), message: z.string() });
export type IpcError = z.infer<typeof ipcErrorSchema>;

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export function ipcResultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion("ok", [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: ipcErrorSchema }),
  ]);
}
