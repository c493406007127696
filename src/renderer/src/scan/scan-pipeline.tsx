// The one path every scan takes, whatever its source: the keyboard wedge, the camera and a serial
// scanner each hand their code here, and it is read (by its symbology identifier when the source
// gave one), looked up, shown, sounded and kept in the history with where it came from.
//   const handScan = useScanPipeline();
//   void handScan(text, "camera", "]E0");
import { createContext, type ReactNode, useContext } from "react";
import type { ScanSource } from "../../../shared/barcode/scan-source.ts";

/** Resolves once the scan's answer is shown; a code from `source`, read by `symbology` when given. */
export type ScanPipeline = (code: string, source: ScanSource, symbology?: string | null) => Promise<void>;

const ScanPipelineContext = createContext<ScanPipeline | null>(null);

export function ScanPipelineProvider(props: { pipeline: ScanPipeline; children: ReactNode }) {
  return <ScanPipelineContext.Provider value={props.pipeline}>{props.children}</ScanPipelineContext.Provider>;
}

export function useScanPipeline(): ScanPipeline {
  const pipeline = useContext(ScanPipelineContext);
  if (pipeline === null) throw new Error("useScanPipeline needs a ScanPipelineProvider around the screens");
  return pipeline;
}
