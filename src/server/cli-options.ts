// The start script's flags, checked into service options. A bad flag is a one-line message, never a trace.
import { parseArgs } from "node:util";
import { maxDemoProducts } from "./demo-catalog.ts";
import type { ServiceOptions } from "./service.ts";

const usage =
  "usage: npm run service -- [--host H] [--port N] [--db FILE|:memory:] [--demo N] [--token-ttl SECONDS] [--faults RATE --fault-seed S]";

export class CliOptionError extends Error {}

export function parseCliOptions(args: string[]): ServiceOptions {
  const { values } = parseFlags(args);
  const faultRate = number(values.faults, "--faults", 0, 1, false);
  return {
    host: values.host ?? "127.0.0.1",
    port: number(values.port, "--port", 0, 65535) ?? 8787,
    dbFile: values.db ?? ":memory:",
    demoProducts: number(values.demo, "--demo", 0, maxDemoProducts) ?? 1000,
    tokenTtlSeconds: number(values["token-ttl"], "--token-ttl", 1, 10 * 365 * 86400) ?? 43_200,
    faults:
      faultRate === undefined || faultRate === 0
        ? null
        : { rate: faultRate, seed: number(values["fault-seed"], "--fault-seed", 0, 2 ** 32 - 1) ?? 1 },
  };
}

function parseFlags(args: string[]) {
  try {
    return parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: "string" },
        port: { type: "string" },
        db: { type: "string" },
        demo: { type: "string" },
        "token-ttl": { type: "string" },
        faults: { type: "string" },
        "fault-seed": { type: "string" },
      },
    });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).replaceAll("\n", " ");
    throw new CliOptionError(`${message}; ${usage}`);
  }
}

function number(
  value: string | undefined,
  flag: string,
  min: number,
  max: number,
  whole = true,
): number | undefined {
  if (value === undefined) return undefined;
  const parsed = value.trim() === "" ? Number.NaN : Number(value);
  if (!(parsed >= min && parsed <= max) || (whole && !Number.isInteger(parsed))) {
    throw new CliOptionError(
      `${flag} must be ${whole ? "a whole number" : "a number"} from ${min} to ${max}, not "${value}"`,
    );
  }
  return parsed;
}
