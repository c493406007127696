// Every command the README and docs/ tell a reader to run exists: each `npm run` script in
// package.json, each catalog CLI command with each flag in its own usage, and each flag of the other
// scripts that run a file of ours among the options that file's folder declares.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.ts";
import {
  cliCommandOf,
  commandTableRows,
  declaresOption,
  type NamedCliCommand,
  namedRuns,
} from "./doc-commands.ts";

const root = join(import.meta.dirname, "..", "..");
const scripts: Record<string, string> = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts;

const documents = [
  "README.md",
  "CHANGELOG.md",
  "src/server/README.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];
const texts = documents.map((file) => ({ file, text: readFileSync(join(root, file), "utf8") }));
const runs = texts.flatMap(({ file, text }) => namedRuns(file, text));

/** `node src/cli/start.mjs demo` is the catalog CLI with its command given. */
function catalogCommandOfScript(script: string): string | null | undefined {
  const match = /^node src\/cli\/start\.mjs(?: ([a-z]+))?$/u.exec(scripts[script] ?? "");
  return match === null ? undefined : (match[1] ?? null);
}

const cliCommands: NamedCliCommand[] = [
  ...texts.flatMap(({ file, text }) => commandTableRows(file, text)),
  ...runs.flatMap((run) => {
    const given = catalogCommandOfScript(run.script);
    if (given === undefined) return [];
    return [cliCommandOf(run.where, given === null ? run.args : [given, ...run.args])];
  }),
];

/** The usage the CLI itself prints for a command: the truth about its name and flags. */
async function usageOf(command: string): Promise<string> {
  let stdout = "";
  const io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: () => true },
    stdin: new PassThrough(),
    env: {},
  };
  expect(await runCli(["help", command], io)).toBe(0);
  return stdout;
}

const everyoneFlags = ["--data-dir", "--help", "--version"];

describe("commands named in the README and docs/", () => {
  it("finds what the documents name (so an empty search cannot pass)", () => {
    expect(runs.length).toBeGreaterThan(30);
    const named = runs.map((run) => run.script);
    for (const script of ["catalog", "demo", "service", "ui", "bench", "dist", "test"]) {
      expect(named).toContain(script);
    }
    expect(cliCommands.filter((named) => named.command !== null).length).toBeGreaterThan(10);
  });

  it("names only npm scripts that package.json has", () => {
    const missing = runs.filter((run) => !Object.hasOwn(scripts, run.script));
    expect(missing.map((run) => `${run.where}: npm run ${run.script}`)).toEqual([]);
  });

  it("names only CLI commands that exist, with flags their usage lists", async () => {
    const wrong: string[] = [];
    for (const named of cliCommands) {
      if (named.command === null) continue;
      const usage = await usageOf(named.command);
      if (!usage.startsWith(`Usage: npm run catalog -- [--data-dir DIR] ${named.command} `)) {
        wrong.push(`${named.where}: no command "${named.command}"`);
        continue;
      }
      for (const flag of named.flags) {
        const listed = new RegExp(`${flag}(?![\\w-])`, "u").test(usage) || everyoneFlags.includes(flag);
        if (!listed) wrong.push(`${named.where}: ${named.command} has no flag ${flag}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("names only flags that the other scripts' own files declare", () => {
    const wrong: string[] = [];
    for (const run of runs) {
      const entry = /^node ((?:src|bench|soak|scripts)\/\S+\.ts)$/u.exec(scripts[run.script] ?? "")?.[1];
      if (entry === undefined) continue;
      const folder = join(root, dirname(entry));
      const sources = readdirSync(folder)
        .filter((name) => /\.(ts|mjs)$/u.test(name))
        .map((name) => readFileSync(join(folder, name), "utf8"));
      for (const flag of run.args.filter((word) => /^--[a-z]/u.test(word))) {
        if (!sources.some((source) => declaresOption(source, flag))) {
          wrong.push(`${run.where}: npm run ${run.script} has no flag ${flag}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("the document reader", () => {
  it("reads scripts, their arguments and the CLI's words as a reader would", () => {
    const text =
      "Run `npm run demo -- --products 5 [--data-dir DIR]`, then `npm test` and `npm run -s service -- --port 0`.";
    expect(namedRuns("x.md", text)).toEqual([
      { where: "x.md:1", script: "demo", args: ["--products", "5", "--data-dir", "DIR"] },
      { where: "x.md:1", script: "test", args: [] },
      { where: "x.md:1", script: "service", args: ["--port", "0"] },
    ]);
    expect(cliCommandOf("x", ["--data-dir", "DIR", "lookup", "CODE", "--json", "--", "--help"])).toEqual({
      where: "x",
      command: "lookup",
      flags: ["--json"],
    });
    expect(cliCommandOf("x", ["[--data-dir", "DIR]", "COMMAND"]).command).toBe(null);
  });

  it("reads a command table's rows, and a parseArgs option by its flag", () => {
    const table = "| command | what |\n|---|---|\n| `sync [--full]` | syncs |\n\nafter";
    expect(commandTableRows("t.md", table)).toEqual([
      { where: "t.md:3", command: "sync", flags: ["--full"] },
    ]);
    expect(declaresOption('options: { "demo-seed": { type: "string" } }', "--demo-seed")).toBe(true);
    expect(declaresOption("options: { quick: { type: 'boolean' } }", "--quick")).toBe(true);
    expect(declaresOption("const quickly = 1; // --quick", "--quick")).toBe(false);
  });
});
