// What a serial scanner tells the page: each code it read (the AIM identifier split off when it sent
// one), and how its port is doing, for the status bar.
import { z } from "zod";
import { isAimIdentifier } from "../barcode/aim-identifier.ts";

export const serialCodeSchema = z.object({
  code: z.string().max(1000),
  /** The AIM identifier the scanner sent in front of the code, e.g. "]C1"; null when none. */
  symbology: z.string().refine(isAimIdentifier).nullable(),
});
export type SerialCode = z.infer<typeof serialCodeSchema>;

/**
 * off: no serial scanner set; connecting: the first try to open it; connected; disconnected: the
 * port vanished or cannot be opened, tried again and again; reconnected: open again after that.
 */
export const serialStates = ["off", "connecting", "connected", "disconnected", "reconnected"] as const;
export type SerialState = (typeof serialStates)[number];

export const serialStatusSchema = z.object({
  state: z.enum(serialStates),
  port: z.string().nullable(),
  /** Why the port is not open, in the system's words ("No such file or directory"); else null. */
  detail: z.string().nullable(),
});
export type SerialStatus = z.infer<typeof serialStatusSchema>;
