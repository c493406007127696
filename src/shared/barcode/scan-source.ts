// Where a scan came from: the keyboard wedge (or a code typed by hand), the camera, or a scanner on
// a serial line. The scan history shows it; every source hands its codes to the same pipeline.
export const scanSources = ["keyboard", "camera", "serial"] as const;
export type ScanSource = (typeof scanSources)[number];
