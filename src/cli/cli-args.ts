// Command-line parsing shared by every command: the global --data-dir flag and number flags.
import { type ParseArgsConfig, parseArgs } from "node:util";
import { AppError } from "../shared/app-error.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;

export const dataDirOption = { "data-dir": { type: "string" } } as const satisfies Options;

/** Parses one command's arguments; every mistake becomes an invalid-input error in plain words. */
export function parseCommandArgs<T extends Options>(args: string[], options: T, positionals: number) {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>
  >;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new AppError("invalid-input", error instanceof Error ? error.message : String(error));
  }
  if (parsed.positionals.length > positionals) {
    throw new AppError("invalid-input", `Unexpected argument: ${parsed.positionals[positionals]}`);
  }
  return parsed;
}

/** A whole number flag within bounds, e.g. --page-size. */
export function integerFlag(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < min || number > max) {
    throw new AppError(
      "invalid-input",
      `--${name} must be a whole number from ${min} to ${max}, not "${value}".`,
    );
  }
  return number;
}
