// A checkout scanner on a serial line (RS-232, or USB-COM / CDC-ACM): which port, how fast, and what
// ends each code. Plain JSON in the settings file; `--serial PATH[:BAUD]` gives the same on the
// command line.
import { z } from "zod";

/**
 * What ends a code: "any" takes CR, LF or CRLF (a mixed fleet, a scanner reset to its factory
 * ending); one of the others only that ending, so a code whose data holds another line break (a QR
 * code with text) stays whole.
 */
export const lineEndings = ["any", "cr", "lf", "crlf"] as const;
export type LineEnding = (typeof lineEndings)[number];

/** The rates a serial scanner is set to; 9600 is most scanners' factory setting. */
export const baudRates = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;

export const serialScannerSettingsSchema = z.object({
  /** The device, e.g. /dev/ttyACM0 or COM3; null: no serial scanner. */
  port: z.string().trim().min(1).max(500).nullable(),
  baud: z
    .number()
    .int()
    .refine((rate) => (baudRates as readonly number[]).includes(rate), {
      message: `one of ${baudRates.join(", ")}`,
    }),
  lineEnding: z.enum(lineEndings),
});
export type SerialScannerSettings = z.infer<typeof serialScannerSettingsSchema>;

export const defaultSerialScanner: SerialScannerSettings = { port: null, baud: 9600, lineEnding: "any" };

/**
 * `PATH[:BAUD]` as given on the command line, e.g. /dev/ttyUSB0:115200 or COM3. Only a last part of
 * digits is a rate, so a path with a colon in it still works.
 */
export function parseSerialTarget(text: string): { port: string; baud: number } | { problem: string } {
  const match = /^(.+?)(?::(\d+))?$/u.exec(text.trim());
  const port = match?.[1];
  if (port === undefined) return { problem: "--serial needs a port, such as /dev/ttyACM0 or COM3" };
  const baud = match?.[2] === undefined ? defaultSerialScanner.baud : Number(match[2]);
  if (!(baudRates as readonly number[]).includes(baud)) {
    return { problem: `--serial ${text}: the rate must be one of ${baudRates.join(", ")}` };
  }
  return { port, baud };
}
