// Finds the command, runs it, and turns any error into one plain line and an exit code.
import { isAppError } from "../shared/app-error.ts";
import { dataDirOption, unknownFlag } from "./cli-args.ts";
import { type CliIo, type Command, exitCodes } from "./cli-io.ts";
import { logLevelUsage, takeLogLevel } from "./log-level-flag.ts";
import { packageInfo } from "./package-info.ts";

// Each command is loaded when it runs: a lookup at start-up never pays for the sync, the sign-in or
// the demo's embedded service.
const commands: Record<string, () => Promise<Command>> = {
  login: async () => (await import("./login-command.ts")).loginCommand,
  logout: async () => (await import("./login-command.ts")).logoutCommand,
  sync: async () => (await import("./sync-command.ts")).syncCommand,
  lookup: async () => (await import("./lookup-command.ts")).lookupCommand,
  search: async () => (await import("./search-command.ts")).searchCommand,
  status: async () => (await import("./status-command.ts")).statusCommand,
  branch: async () => (await import("./branch-command.ts")).branchCommand,
  check: async () => (await import("./check-command.ts")).checkCommand,
  keys: async () => (await import("./keys-command.ts")).keysCommand,
  groups: async () => (await import("./keys-command.ts")).groupsCommand,
  labels: async () => (await import("./labels-command.ts")).labelsCommand,
  health: async () => (await import("./health-command.ts")).healthCommand,
  diagnose: async () => (await import("./diagnose-command.ts")).diagnoseCommand,
  images: async () => (await import("./images-command.ts")).imagesCommand,
  demo: async () => (await import("./demo-command.ts")).demoCommand,
};

const helpFlags = ["--help", "-h"];

export async function runCli(given: string[], io: CliIo): Promise<number> {
  let argv: string[];
  try {
    const taken = takeLogLevel(given);
    argv = taken.argv;
    io = { ...io, logLevel: taken.logLevel };
  } catch (error) {
    io.stderr.write(`${messageOf(error)}\n`);
    return exitCodes.failed;
  }
  const at = commandIndex(argv);
  const name = at === -1 ? undefined : argv[at];
  // Asked-for help and the version go to stdout and succeed, however and wherever they are asked
  // for; after "--" every argument is a value (`lookup -- --help` looks it up).
  const dashes = argv.indexOf("--");
  const flags = dashes === -1 ? argv : argv.slice(0, dashes);
  if (flags.includes("--version")) {
    io.stdout.write(`${packageInfo.name} ${packageInfo.version}\n`);
    return exitCodes.ok;
  }
  const wantsHelp = name === "help" || flags.some((arg) => helpFlags.includes(arg));
  if (wantsHelp) {
    const about = name === "help" ? argv[at + 1] : name;
    const command = about === undefined ? undefined : await loadCommand(about);
    io.stdout.write(
      command === undefined
        ? await usage()
        : `Usage: npm run catalog -- [--data-dir DIR] ${command.usage} ${logLevelUsage}\n`,
    );
    return exitCodes.ok;
  }
  if (name === undefined) {
    // Help and the version are answered above: any flag but --data-dir belongs to a command.
    const unknown = unknownFlag(argv, dataDirOption);
    io.stderr.write(
      `${unknown === undefined ? "" : `Unknown flag ${unknown}. `}Give a command.\n${await usage()}`,
    );
    return exitCodes.failed;
  }
  const command = await loadCommand(name);
  if (command === undefined) {
    io.stderr.write(`Unknown command "${name}".\n${await usage()}`);
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

/** Own entries only: "constructor" or "__proto__" typed as a command name is an unknown command. */
async function loadCommand(name: string): Promise<Command | undefined> {
  return Object.hasOwn(commands, name) ? commands[name]?.() : undefined;
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

async function usage(): Promise<string> {
  const all = await Promise.all(Object.values(commands).map((load) => load()));
  const lines = all.map((command) => `  ${command.usage}`);
  return (
    `Usage: npm run catalog -- [--data-dir DIR] ${logLevelUsage} COMMAND\n\nCommands:\n${lines.join("\n")}\n\n` +
    "help COMMAND (or COMMAND --help) shows one command; --version shows the version.\n"
  );
}
