// What a command may touch of the outside world, so tests and the demo can run commands in-process.
import type { LogLevel } from "../shared/settings/app-settings.ts";

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  env: NodeJS.ProcessEnv;
  /** --log-level, when given: this run's log level over the settings' one. */
  logLevel?: LogLevel;
}

export interface Command {
  /** One line of usage, shown in help and after a usage error. */
  usage: string;
  run(args: string[], io: CliIo): Promise<number>;
}

/** Exit codes: 0 success; 1 looked up and not found; 2 anything went wrong. */
export const exitCodes = { ok: 0, notFound: 1, failed: 2 } as const;

export function writeJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value)}\n`);
}
