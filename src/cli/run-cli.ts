// Finds the command, runs it, and turns any error into one plain line and an exit code.
import { createRequire } from "node:module";
import { isAppError } from "../shared/app-error.ts";
import { checkCommand } from "./check-command.ts";
import { type CliIo, type Command, exitCodes } from "./cli-io.ts";
import { demoCommand } from "./demo-command.ts";
import { loginCommand, logoutCommand } from "./login-command.ts";
import { lookupCommand } from "./lookup-command.ts";
import { searchCommand } from "./search-command.ts";
import { statusCommand } from "./status-command.ts";
import { syncCommand } from "./sync-command.ts";

const packageInfo = createRequire(import.meta.url)("../../package.json") as { name: string; version: string };

const commands: Record<string, Command> = {
  login: loginCommand,
  logout: logoutCommand,
  sync: syncCommand,
  lookup: lookupCommand,
  search: searchCommand,
  status: statusCommand,
  check: checkCommand,
  demo: demoCommand,
};

const helpFlags = ["--help", "-h"];

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const at = commandIndex(argv);
  const name = at === -1 ? undefined : argv[at];
  // Asked-for help and the version go to stdout and succeed, however they are asked for.
  if (argv.includes("--version") && (name === undefined || name === "help")) {
    io.stdout.write(`${packageInfo.name} ${packageInfo.version}\n`);
    return exitCodes.ok;
  }
  const wantsHelp = name === "help" || argv.some((arg) => helpFlags.includes(arg));
  if (wantsHelp) {
    const about = name === "help" ? argv[at + 1] : name;
    const command = about === undefined ? undefined : commands[about];
    io.stdout.write(
      command === undefined ? usage() : `Usage: npm run catalog -- [--data-dir DIR] ${command.usage}\n`,
    );
    return exitCodes.ok;
  }
  if (name === undefined) {
    io.stderr.write(`Give a command.\n${usage()}`);
    return exitCodes.failed;
  }
  const command = commands[name];
  if (command === undefined) {
    io.stderr.write(`Unknown command "${name}".\n${usage()}`);
    return exitCodes.failed;
  }
  try {
    return await command.run([...argv.slice(0, at), ...argv.slice(at + 1)], io);
  } catch (error) {
    io.stderr.write(`${messageOf(error)}\n`);
    if (isAppError(error, "invalid-input")) io.stderr.write(`Usage: ${command.usage}\n`);
    return exitCodes.failed;
  }
}

/** The first argument that is neither a flag nor the value of --data-dir. */
function commandIndex(argv: string[]): number {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--data-dir") i++;
    else if (arg === "--") return i + 1 < argv.length ? i + 1 : -1;
    else if (!arg.startsWith("-")) return i;
  }
  return -1;
}

function messageOf(error: unknown): string {
  if (isAppError(error)) return error.message;
  // Anything else is a bug; say so rather than pretend it is the user's fault.
  const detail = error instanceof Error ? error.message : String(error);
  return `Something went wrong inside the catalog tool: ${detail}`;
}

function usage(): string {
  const lines = Object.values(commands).map((command) => `  ${command.usage}`);
  return (
    `Usage: npm run catalog -- [--data-dir DIR] COMMAND\n\nCommands:\n${lines.join("\n")}\n\n` +
    "help COMMAND (or COMMAND --help) shows one command; --version shows the version.\n"
  );
}
