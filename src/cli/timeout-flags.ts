// The flags that set how long one request to the commerce service may take, and the whole command
// (--time-limit), for the commands that talk to it (login, sync). Seconds, as in the app's settings;
// each one left out keeps the settings' value.
import type { RequestDeadlines } from "../core/app/index.ts";
import { requestTimeoutsSchema, type TimeLimits, timeLimitsSchema } from "../shared/settings/app-settings.ts";
import { integerFlag } from "./cli-args.ts";

export const timeoutOptions = {
  "connect-timeout": { type: "string" },
  "first-byte-timeout": { type: "string" },
  "answer-timeout": { type: "string" },
  "time-limit": { type: "string" },
} as const;

export const timeoutUsage =
  "[--connect-timeout S] [--first-byte-timeout S] [--answer-timeout S] [--time-limit S]";

/** What the flags set: each request's deadlines, and the command's overall limit. */
export interface ConnectionFlags {
  deadlines: Partial<RequestDeadlines>;
  timeLimits: Partial<TimeLimits>;
}

type TimeoutValues = { [flag in keyof typeof timeoutOptions]?: string | undefined };

const deadlineFlags = {
  "connect-timeout": ["connectSeconds", "connectMs"],
  "first-byte-timeout": ["firstByteSeconds", "firstByteMs"],
  "answer-timeout": ["wholeAnswerSeconds", "wholeAnswerMs"],
} as const;

/** The flags of `login` (its limit is the sign-in's) or `sync`, within the settings' bounds. */
export function connectionFromFlags(values: TimeoutValues, command: "login" | "sync"): ConnectionFlags {
  const limit = command === "sync" ? "syncSeconds" : "signInSeconds";
  const bounds = timeLimitsSchema.shape[limit];
  const seconds = integerFlag(
    "time-limit",
    values["time-limit"],
    bounds.minValue ?? 10,
    bounds.maxValue ?? 600,
  );
  return {
    deadlines: deadlinesFromFlags(values),
    timeLimits: seconds === undefined ? {} : { [limit]: seconds },
  };
}

/** The deadlines the flags set, within the same bounds as the app's settings. */
function deadlinesFromFlags(values: TimeoutValues): Partial<RequestDeadlines> {
  const deadlines: Partial<RequestDeadlines> = {};
  for (const [flag, [setting, deadline]] of Object.entries(deadlineFlags)) {
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
