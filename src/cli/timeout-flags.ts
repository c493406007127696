// The flags that set how long one request to the commerce service may take, for the commands that
// talk to it (login, sync). Seconds, as in the app's settings; each one left out keeps its default.
import type { RequestDeadlines } from "../core/app/index.ts";
import { requestTimeoutsSchema } from "../shared/settings/app-settings.ts";
import { integerFlag } from "./cli-args.ts";

export const timeoutOptions = {
  "connect-timeout": { type: "string" },
  "first-byte-timeout": { type: "string" },
  "answer-timeout": { type: "string" },
} as const;

export const timeoutUsage = "[--connect-timeout S] [--first-byte-timeout S] [--answer-timeout S]";

type TimeoutValues = { [flag in keyof typeof timeoutOptions]?: string | undefined };

const flagSettings = {
  "connect-timeout": ["connectSeconds", "connectMs"],
  "first-byte-timeout": ["firstByteSeconds", "firstByteMs"],
  "answer-timeout": ["wholeAnswerSeconds", "wholeAnswerMs"],
} as const;

/** The deadlines the flags set, within the same bounds as the app's settings. */
export function deadlinesFromFlags(values: TimeoutValues): Partial<RequestDeadlines> {
  const deadlines: Partial<RequestDeadlines> = {};
  for (const [flag, [setting, deadline]] of Object.entries(flagSettings)) {
    const bounds = requestTimeoutsSchema.shape[setting];
    const seconds = integerFlag(
      flag,
      values[flag as keyof TimeoutValues],
      bounds.minValue ?? 1,
      bounds.maxValue ?? 3600,
    );
    if (seconds !== undefined) deadlines[deadline] = seconds * 1000;
  }
  return deadlines;
}
