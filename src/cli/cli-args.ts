// Command-line parsing shared by every command: the global --data-dir flag and number flags.
import { type ParseArgsConfig, parseArgs } from "node:util";
import { AppError } from "../shared/app-error.ts";
import { parseSerialTarget } from "../shared/serial/serial-settings.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;

export const dataDirOption = { "data-dir": { type: "string" } } as const satisfies Options;

type Parsed<T extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>
>;

/**
 * Parses one command's arguments; every mistake becomes an invalid-input error in the CLI's own
 * words (Node's parser would explain itself to a developer, in terms of its own API).
 */
export function parseCommandArgs<T extends Options>(
  args: string[],
  options: T,
  positionals: number,
): Parsed<T> {
  const parsed = parseLoosely(args, options);
  for (const token of parsed.tokens) {
    if (token.kind !== "option") continue;
    const option = optionOf(options, token);
    if (option === undefined) {
      const dash = positionals > 0 ? " (A value that starts with a dash goes after --, e.g. -- -5.)" : "";
      throw new AppError("invalid-input", `Unknown flag ${token.rawName}. ${knownFlags(options)}${dash}`);
    }
    if (option.type === "boolean" && token.value !== undefined) {
      throw new AppError(
        "invalid-input",
        `${token.rawName} is a switch and takes no value ("${token.value}").`,
      );
    }
    if (option.type === "string" && (token.value === undefined || isFlagOf(options, token.value))) {
      throw new AppError(
        "invalid-input",
        `${token.rawName} needs a value right after it, e.g. ${token.rawName} ${example(token.name)}.`,
      );
    }
  }
  if (parsed.positionals.length > positionals) {
    const extra = parsed.positionals[positionals];
    throw new AppError(
      "invalid-input",
      positionals === 0
        ? `This command takes only flags, and "${extra}" is not one. ${knownFlags(options)}`
        : `Unexpected "${extra}": give just one value, in quotes if it has spaces.`,
    );
  }
  return parsed as unknown as Parsed<T>;
}

/** The first flag in `args` that is none of `options`, as it was typed (e.g. "--colour", "-x"). */
export function unknownFlag(args: string[], options: Options): string | undefined {
  const token = parseLoosely(args, options).tokens.find(
    (token) => token.kind === "option" && optionOf(options, token) === undefined,
  );
  return token?.kind === "option" ? token.rawName : undefined;
}

function parseLoosely(args: string[], options: Options) {
  return parseArgs({ args, options, allowPositionals: true, strict: false, tokens: true });
}

/** Only the long form counts: no command has short flags, so "-x" is unknown even if x is a flag. */
function optionOf(options: Options, token: { name: string; rawName: string }): Options[string] | undefined {
  return token.rawName === `--${token.name}` ? options[token.name] : undefined;
}

function knownFlags(options: Options): string {
  const flags = Object.entries(options).map(([name, option]) =>
    option.type === "string" ? `--${name} ${example(name)}` : `--${name}`,
  );
  return `The flags of this command are: ${flags.join(", ")}.`;
}

function isFlagOf(options: Options, value: string): boolean {
  const name = /^--([^=]+)/.exec(value)?.[1];
  return name !== undefined && name in options;
}

const examples: Record<string, string> = {
  "data-dir": "DIR",
  "base-url": "URL",
  organisation: "ORG",
  username: "USER",
  password: "PASS",
  "account-id": "ID",
  "api-key": "KEY",
  "connect-timeout": "SECONDS",
  "first-byte-timeout": "SECONDS",
  "answer-timeout": "SECONDS",
  out: "FILE",
  serial: "PATH[:BAUD]",
};

function example(name: string): string {
  return examples[name] ?? "N";
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

export const serialOption = { serial: { type: "string" } } as const satisfies Options;

/** `--serial PATH[:BAUD]`: a serial scanner's port and rate. */
export function serialFlag(value: string | undefined): { port: string; baud: number } | undefined {
  if (value === undefined) return undefined;
  const target = parseSerialTarget(value);
  if ("problem" in target) throw new AppError("invalid-input", `${target.problem}.`);
  return target;
}
