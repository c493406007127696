// `--log-level LEVEL`, given to any command: how much this run writes to the till's log file, over
// the level in the settings. Taken out before the command reads its own flags.
import { AppError } from "../shared/app-error.ts";
import { type LogLevel, logLevels } from "../shared/settings/app-settings.ts";

export const logLevelUsage = `[--log-level ${logLevels.join("|")}]`;

export function takeLogLevel(argv: string[]): { argv: string[]; logLevel: LogLevel | undefined } {
  const dashes = argv.indexOf("--");
  const flags = dashes === -1 ? argv.length : dashes;
  const at = argv.findIndex(
    (arg, i) => i < flags && (arg === "--log-level" || arg.startsWith("--log-level=")),
  );
  if (at === -1) return { argv, logLevel: undefined };
  const arg = argv[at] as string;
  const inline = arg.includes("=");
  const value = inline ? arg.slice(arg.indexOf("=") + 1) : argv[at + 1];
  if (!isLogLevel(value)) {
    throw new AppError(
      "invalid-input",
      `--log-level needs one of ${logLevels.join(", ")}${value === undefined ? "" : `, not "${value}"`}.`,
    );
  }
  return { argv: [...argv.slice(0, at), ...argv.slice(at + (inline ? 1 : 2))], logLevel: value };
}

function isLogLevel(value: string | undefined): value is LogLevel {
  return (logLevels as readonly (string | undefined)[]).includes(value);
}
