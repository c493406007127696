// The serial scanner as the page sees it: each code it read handed to the scan pipeline, as the
// keyboard wedge's are, and its port's state for the status bar. The scanner itself runs on the
// catalog's side (the main process); its codes and states arrive as the catalog's events.
import { useEffect, useState } from "react";
import type { CatalogApi } from "../../../shared/ipc/catalog-api.ts";
import type { SerialStatus } from "../../../shared/serial/serial-events.ts";
import { settled } from "../catalog/catalog-provider.tsx";
import type { ScanPipeline } from "../scan/scan-pipeline.tsx";

export function useSerialScanner(api: CatalogApi, handScan: ScanPipeline): SerialStatus | null {
  const [status, setStatus] = useState<SerialStatus | null>(null);
  useEffect(
    () => api.onSerialCode(({ code, symbology }) => void handScan(code, "serial", symbology)),
    [api, handScan],
  );
  useEffect(() => {
    const stop = api.onSerialStatus(setStatus);
    // An event since wins over this first answer.
    void settled(api.serialStatus()).then((result) => {
      if (result.ok) setStatus((heard) => heard ?? result.value);
    });
    return stop;
  }, [api]);
  return status;
}
