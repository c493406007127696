// The till's scanner settings (shared with the main side) as the key-by-key capture wants them.
import type { ScannerSettings as TillScanner } from "../../../shared/settings/app-settings.ts";
import { defaultScannerSettings, type ScannerSettings } from "./scan-capture.ts";

export function scannerSettingsOf(scanner: TillScanner | null): ScannerSettings {
  if (scanner === null) return defaultScannerSettings;
  return {
    maxGapMs: scanner.maxKeyGapMs,
    minLength: scanner.minLength,
    maxScanMs: scanner.maxScanMs,
    prefixKey: scanner.triggerKey,
  };
}
