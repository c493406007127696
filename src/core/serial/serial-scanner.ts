// A checkout scanner on a serial line: opens the port, cuts what it sends into codes (the AIM
// identifier split off when present), and when the port goes away (unplugged, a USB hub reset)
// polls for it with a growing pause until it is back. A code cut off, by a disconnect or by a pause
// far longer than any scanner takes within a code, is dropped and told, never handed on as a code.
import { StringDecoder } from "node:string_decoder";
import { splitAimIdentifier } from "../../shared/barcode/aim-identifier.ts";
import type { SerialCode, SerialState, SerialStatus } from "../../shared/serial/serial-events.ts";
import type { LineEnding } from "../../shared/serial/serial-settings.ts";
import { createLineSplitter } from "./line-splitter.ts";
import type { OpenSerialPort, SerialConnection } from "./serial-connection.ts";

export interface SerialScannerOptions {
  port: string;
  baud: number;
  lineEnding: LineEnding;
  open: OpenSerialPort;
  onCode(code: SerialCode): void;
  onStatus(status: SerialStatus): void;
  /** A code cut off, with why: for the log. */
  onDropped(text: string, why: string): void;
  /** The pause before the first retry, doubled each time up to the longest. */
  retry?: { firstMs: number; longestMs: number };
  /** Monotonic milliseconds. */
  now?: () => number;
}

export interface SerialScanner {
  status(): SerialStatus;
  /** Closes the port and stops polling; what was cut off is dropped. */
  stop(): Promise<void>;
}

const defaultRetry = { firstMs: 250, longestMs: 5000 };
// Scanners send a whole code within milliseconds; a piece that waited this long was cut off.
const cutOffMs = 1000;

export function startSerialScanner(options: SerialScannerOptions): SerialScanner {
  const { port, baud, open } = options;
  const retry = options.retry ?? defaultRetry;
  const now = options.now ?? (() => performance.now());
  let status: SerialStatus = { state: "connecting", port, detail: null };
  let stopped = false;
  let connection: SerialConnection | null = null;
  let wake: (() => void) | null = null;

  /** Told on a change of state only: a port still missing on the next try is no news. */
  function report(state: SerialState, detail: string | null): void {
    const changed = status.state !== state;
    status = { state, port, detail };
    if (changed) options.onStatus(status);
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Reads codes until the port goes away (its reason) or the scanner stops (null). */
  function readCodes(link: SerialConnection): Promise<string | null> {
    const splitter = createLineSplitter(options.lineEnding);
    const decoder = new StringDecoder("utf8");
    let lastPieceAt = now();
    return new Promise((resolve) => {
      const dropRest = (why: string) => {
        const rest = splitter.takeRest() + decoder.end();
        if (rest !== "") options.onDropped(rest, why);
      };
      link.onData((bytes) => {
        const at = now();
        if (at - lastPieceAt > cutOffMs) dropRest("nothing followed it for over a second");
        lastPieceAt = at;
        for (const line of splitter.push(decoder.write(bytes))) {
          const { id, data } = splitAimIdentifier(line);
          options.onCode({ code: data, symbology: id });
        }
      });
      link.onLost((reason) => {
        dropRest("the port went away before the code ended");
        resolve(reason);
      });
      wake = () => {
        dropRest("the scanner was stopped before the code ended");
        resolve(null);
      };
    });
  }

  async function run(): Promise<void> {
    let opened = false;
    let waitMs = retry.firstMs;
    while (!stopped) {
      try {
        connection = await open(port, baud);
      } catch (error) {
        report("disconnected", error instanceof Error ? error.message : String(error));
        await pause(waitMs);
        waitMs = Math.min(waitMs * 2, retry.longestMs);
        continue;
      }
      if (stopped) break;
      waitMs = retry.firstMs;
      report(opened ? "reconnected" : "connected", null);
      opened = true;
      const lost = await readCodes(connection);
      connection = null;
      if (lost !== null) report("disconnected", lost);
    }
    await connection?.close();
  }

  const running = run();
  return {
    status: () => status,
    async stop() {
      stopped = true;
      wake?.();
      await connection?.close();
      await running;
    },
  };
}
