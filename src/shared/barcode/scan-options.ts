// How a till's scanner is set up. Plain JSON, so it can live in the settings file; parse it with
// scanOptionsSchema when it is read from there.
import { z } from "zod";
import { defaultScaleRules, scaleRuleSchema } from "./scale-label.ts";

export const scanOptionsSchema = z.object({
  /** Text the scanner sends before every code (removed when present); "" for none. */
  prefix: z.string(),
  /** Text the scanner sends after every code, before Enter; "" for none. */
  suffix: z.string(),
  /**
   * What the scanner types for the GS1 group separator (ASCII 29) when it cannot send that
   * control character through the keyboard, e.g. "~" or "<GS>"; "" when it sends the real one.
   */
  groupSeparator: z.string(),
  /** Scale label rules, tried in order. */
  scaleRules: z.array(scaleRuleSchema),
});
export type ScanOptions = z.infer<typeof scanOptionsSchema>;

export const defaultScanOptions: ScanOptions = {
  prefix: "",
  suffix: "",
  groupSeparator: "",
  scaleRules: defaultScaleRules,
};
