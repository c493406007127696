// The till's serial scanner as the catalog runs it: started from the settings (or a port the host
// was given, `--serial`), started afresh when they change, its codes and its port's state sent as
// the catalog's events, and its cut-off codes written to the log.
import type { SerialStatus } from "../../shared/serial/serial-events.ts";
import type { SerialScannerSettings } from "../../shared/serial/serial-settings.ts";
import type { CatalogLog } from "../logging/catalog-log.ts";
import type { SerialAccess } from "../serial/serial-connection.ts";
import { type SerialScanner, startSerialScanner } from "../serial/serial-scanner.ts";
import type { CatalogEventHub } from "./catalog-events.ts";

export interface SerialScanningOptions {
  /** How this host opens ports; without it there is no serial scanner. */
  access?: SerialAccess;
  /** A port the host was given at start (`--serial PATH[:BAUD]`): it wins over the settings' port. */
  port?: { port: string; baud: number };
  events: CatalogEventHub;
  log?: CatalogLog;
}

export interface SerialScanning {
  /** Starts, restarts or stops the scanner for these settings; unchanged settings change nothing. */
  apply(settings: SerialScannerSettings): Promise<void>;
  status(): SerialStatus;
  ports(): Promise<string[]>;
  close(): Promise<void>;
}

const off: SerialStatus = { state: "off", port: null, detail: null };

export function createSerialScanning(options: SerialScanningOptions): SerialScanning {
  const { access, events, log } = options;
  let scanner: SerialScanner | null = null;
  let running = "";

  function tell(status: SerialStatus): void {
    log?.serialStatus(status);
    events.emit("serialStatus", status);
  }

  return {
    async apply(settings) {
      const port = options.port?.port ?? settings.port;
      const baud = options.port?.baud ?? settings.baud;
      const wanted =
        port === null || access === undefined ? "" : JSON.stringify([port, baud, settings.lineEnding]);
      if (wanted === running) return;
      running = wanted;
      await scanner?.stop();
      scanner = null;
      if (port === null || access === undefined) return tell(off);
      scanner = startSerialScanner({
        port,
        baud,
        lineEnding: settings.lineEnding,
        open: access.open,
        onCode: (code) => events.emit("serialCode", code),
        onStatus: tell,
        onDropped: (text, why) => log?.serialCodeDropped(text, why),
      });
      tell(scanner.status());
    },
    status: () => scanner?.status() ?? off,
    ports: async () => (access === undefined ? [] : access.list()),
    async close() {
      await scanner?.stop();
      scanner = null;
      running = "";
    },
  };
}
