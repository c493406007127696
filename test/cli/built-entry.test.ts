// The CLI's bundle: built from real sources with the real bundler, run in real child processes.
import { execFile } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { builtEntry, packageCache } from "../../src/cli/built-entry.mjs";

const run = promisify(execFile);
const day = 24 * 60 * 60 * 1000;

let scratch: string;
let source: string;
let cacheDir: string;

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), "built-entry-"));
  // A space in the name, as in many a shop's home folder.
  source = join(scratch, "the sources");
  mkdirSync(source);
  cacheDir = join(scratch, "cache");
  writeSource("main.ts", [
    'import { greeting } from "./greeting.ts";',
    "const where: string = import.meta.dirname;",
    'const { later } = await import("./later.ts");',
    "console.log(JSON.stringify({ greeting, later, where, url: import.meta.url }));",
  ]);
  writeSource("greeting.ts", ['export const greeting: string = "hello";']);
  writeSource("later.ts", ['export const later: string = "loaded when asked";']);
});

afterEach(() => rmSync(scratch, { recursive: true, force: true }));

function writeSource(name: string, lines: string[]): void {
  writeFileSync(join(source, name), `${lines.join("\n")}\n`, { flag: "w" });
}

async function build(now?: () => number): Promise<string> {
  const url = await builtEntry({ entry: join(source, "main.ts"), cacheDir, now });
  if (url === null) throw new Error("no build");
  return url;
}

async function output(url: string): Promise<Record<string, string>> {
  const { stdout } = await run(process.execPath, [fileURLToPath(url)]);
  return JSON.parse(stdout);
}

const builds = () => readdirSync(join(cacheDir, "builds"));

describe("the CLI's built entry", () => {
  it("runs the sources' code, each module finding files beside its own source", async () => {
    const url = await build();

    expect(fileURLToPath(url).startsWith(cacheDir)).toBe(true);
    expect(await output(url)).toEqual({
      greeting: "hello",
      later: "loaded when asked",
      where: source,
      url: pathToFileURL(join(source, "main.ts")).href,
    });
    // The module imported when asked stays a file of its own, loaded only when asked.
    expect(readdirSync(dirname(fileURLToPath(url))).length).toBeGreaterThan(1);
  });

  it("reuses the build while none of its sources changed", async () => {
    const first = await build();
    expect(await build()).toBe(first);
    expect(builds()).toHaveLength(1);
  });

  it.each([
    ["a source changes, even to text of the same length", "greeting", "hallo"],
    ["a module imported only when asked changes", "later", "changed since"],
  ])("builds again when %s", async (_, name, text) => {
    const first = await build();
    writeSource(`${name}.ts`, [`export const ${name}: string = "${text}";`]);

    const second = await build();

    expect(second).not.toBe(first);
    expect((await output(second))[name]).toBe(text);
  });

  it("builds again when its last build was removed by hand", async () => {
    const first = await build();
    rmSync(dirname(fileURLToPath(first)), { recursive: true });

    const second = await build();

    expect(second).not.toBe(first);
    expect((await output(second)).greeting).toBe("hello");
  });

  it("builds again when the builder itself changes", async () => {
    // A copy of the builder, inside the package so that it finds the bundler: touching the real one
    // would make every CLI started meanwhile by the other test files build again.
    mkdirSync(packageCache, { recursive: true });
    const copies = mkdtempSync(join(packageCache, "built-entry-test-"));
    try {
      for (const name of ["built-entry.mjs", "product-check-plugin.mjs"]) {
        copyFileSync(fileURLToPath(new URL(`../../src/cli/${name}`, import.meta.url)), join(copies, name));
      }
      const builder = join(copies, "built-entry.mjs");
      const copy: { builtEntry: typeof builtEntry } = await import(pathToFileURL(builder).href);
      const buildWithCopy = () => copy.builtEntry({ entry: join(source, "main.ts"), cacheDir });
      const first = await buildWithCopy();
      const { atime, mtime } = statSync(builder);
      utimesSync(builder, atime, new Date(mtime.getTime() + 1000));
      expect(await buildWithCopy()).not.toBe(first);
    } finally {
      rmSync(copies, { recursive: true, force: true });
    }
  });

  it("gives no build, so the caller runs the sources, when the sources cannot be bundled", async () => {
    await build();
    unlinkSync(join(source, "later.ts"));
    expect(await builtEntry({ entry: join(source, "main.ts"), cacheDir })).toBeNull();

    writeSource("later.ts", ["export const later: string = ;"]);
    expect(await builtEntry({ entry: join(source, "main.ts"), cacheDir })).toBeNull();
  });

  it("gives no build when its cache cannot be written", async () => {
    const notAFolder = join(scratch, "a-file");
    writeFileSync(notAFolder, "");
    expect(
      await builtEntry({ entry: join(source, "main.ts"), cacheDir: join(notAFolder, "cache") }),
    ).toBeNull();
  });

  it("keeps an older build a day, for processes still running it, then removes it", async () => {
    const first = await build();
    writeSource("greeting.ts", ["export const greeting: string = 'hi';"]);
    const second = await build();
    expect(builds()).toHaveLength(2);

    writeSource("greeting.ts", ["export const greeting: string = 'hey';"]);
    const third = await build(() => Date.now() + day + 60_000);

    expect(builds()).toEqual([dirname(fileURLToPath(third)).split("/").at(-1)]);
    expect([first, second]).not.toContain(third);
    expect((await output(third)).greeting).toBe("hey");
  });

  it("bundles zod, pino-roll, date-fns, undici and ajv's helpers into the catalog CLI, with the product check compiled, and it answers as the sources do", async () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const url = await builtEntry({ entry: join(root, "src/cli/index.ts"), cacheDir });
    if (url === null) throw new Error("the CLI did not build");
    const dir = dirname(fileURLToPath(url));

    const chunks = readdirSync(dir).map((name) => readFileSync(join(dir, name), "utf8"));
    // An import or require in code, not in a comment (date-fns' own doc comments show both) nor in
    // the text of code ajv writes for others to run (`require("ajv/dist/runtime/...")`).
    const loaded =
      /^(?![\t ]*(\*|\/\/)).*(\bfrom|(?<!`)\brequire\(|\bimport\()\s*["'](zod|pino-roll|date-fns|undici|ajv)["'/]/mu;
    expect(chunks.filter((code) => loaded.test(code))).toEqual([]);
    // The product check comes compiled (product-check-plugin.mjs): none of ajv's compiler is in it.
    expect(chunks.filter((code) => code.includes("schema must be object or boolean"))).toEqual([]);
    expect(chunks.filter((code) => code.includes("productRecordValidator"))).toHaveLength(1);
    const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    const { stdout } = await run(process.execPath, [fileURLToPath(url), "--version"]);
    expect(stdout).toBe(`pos-catalog ${version}\n`);
  });
});
