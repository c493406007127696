// The till's scanner settings (shared with the main side) as the key-by-key capture wants them.
import {
  defaultSettings,
  type ScannerSettings as TillScanner,
} from "../../../shared/settings/app-settings.ts";
import type { ScannerSettings } from "./scan-capture.ts";

/** Without the till's settings (not arrived yet, or a host app that has none): the ones the app ships. */
export function scannerSettingsOf(scanner: TillScanner = defaultSettings.scanner): ScannerSettings {
  return {
    maxGapMs: scanner.maxKeyGapMs,
    minLength: scanner.minLength,
    maxScanMs: scanner.maxScanMs,
    prefixKey: scanner.triggerKey,
    layout: scanner.layout,
  };
}

export const defaultScannerSettings: ScannerSettings = scannerSettingsOf();
