// The package as another app gets it: `npm pack`, installed into a fresh project from the local npm
// cache (no network), the examples of docs/embedding.md typechecked there against the shipped .d.ts
// files, and the headless example run with Node against the reference service.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningService, startService } from "../../src/server/service.ts";
import { consumerLock } from "../support/consumer-lock.ts";
import { adminApi } from "../support/service-fixtures.ts";

const run = promisify(execFile);
const root = join(import.meta.dirname, "..", "..");
const packageJson = JSON.parse(await readFile(join(root, "package.json"), "utf8"));
const devVersion = (name: string) => packageJson.devDependencies[name] as string;
// npm pack builds first (prepack) and installs from the cache: minutes on a busy 2-core machine.
const minutes = 60_000;

/** The fenced examples of docs/embedding.md, by the file name on their first line. */
async function embeddingExamples(): Promise<Map<string, string>> {
  const text = await readFile(join(root, "docs", "embedding.md"), "utf8");
  const blocks = [...text.matchAll(/```(?:ts|tsx|js)\n\/\/ ([\w.-]+)\n([\s\S]*?)```/gu)];
  return new Map(blocks.map((block) => [block[1] as string, block[2] as string]));
}

/** The one tarball `npm pack` left in `folder`, with the integrity npm's lock file expects. */
async function packedTarball(folder: string): Promise<{ filename: string; integrity: string }> {
  const tarballs = (await readdir(folder)).filter((name) => name.endsWith(".tgz"));
  expect(tarballs).toHaveLength(1);
  const filename = tarballs[0] as string;
  const digest = createHash("sha512").update(await readFile(join(folder, filename)));
  return { filename, integrity: `sha512-${digest.digest("base64")}` };
}

let consumer: string;
let service: RunningService;
let examples: Map<string, string>;

beforeAll(async () => {
  consumer = await mkdtemp(join(tmpdir(), "pos-catalog-consumer-"));
  examples = await embeddingExamples();
  await run("npm", ["pack", "--pack-destination", consumer], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  // The tarball is read from disk, not from npm's output: the prepack build writes to stdout too,
  // in colour where the environment asks for it, so its text cannot be told apart from npm's JSON.
  const { filename, integrity } = await packedTarball(consumer);
  const extra = {
    "electron-store": packageJson.dependencies["electron-store"] as string,
    "@types/node": devVersion("@types/node"),
    "@types/react": devVersion("@types/react"),
    "@types/react-dom": devVersion("@types/react-dom"),
  };
  const host = { name: "till-host", version: "1.0.0" };
  const projectLock = JSON.parse(await readFile(join(root, "package-lock.json"), "utf8"));
  const registry = (await run("npm", ["config", "get", "registry"], { cwd: root })).stdout.trim();
  const lock = consumerLock(projectLock, { ...packageJson, filename, integrity }, extra, {
    ...host,
    registry,
  });
  await writeFile(join(consumer, "package-lock.json"), JSON.stringify(lock, null, 2));
  await writeFile(
    join(consumer, "package.json"),
    JSON.stringify({
      ...host,
      private: true,
      type: "module",
      dependencies: { [packageJson.name]: `file:${filename}`, ...extra },
    }),
  );
  await run("npm", ["ci", "--offline", "--no-audit", "--no-fund", "--ignore-scripts"], {
    cwd: consumer,
    maxBuffer: 64 * 1024 * 1024,
  });
  service = await startService({ port: 0, demoProducts: 120 });
}, 8 * minutes);

afterAll(async () => {
  await service?.close();
  if (consumer !== undefined) await rm(consumer, { recursive: true, force: true });
});

describe("the packed package, installed into another app", () => {
  it("ships compiled JavaScript and .d.ts files only, with its peers installed beside it", async () => {
    const installed = JSON.parse(
      await readFile(join(consumer, "node_modules", "pos-catalog", "package.json"), "utf8"),
    );
    const targets = Object.values(installed.exports).flatMap((entry) =>
      typeof entry === "string" ? [entry] : Object.values(entry as Record<string, string>),
    );
    expect(targets.filter((target) => /\.tsx?$/.test(target) && !target.endsWith(".d.ts"))).toEqual([]);
    expect(Object.keys(installed.peerDependencies).sort()).toEqual(["electron", "react", "react-dom"]);
    const shipped = await readdir(join(consumer, "node_modules", "pos-catalog"), { recursive: true });
    expect(shipped.filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".d.ts"))).toEqual([]);
    expect(shipped.some((file) => file.startsWith("src"))).toBe(false);
    for (const peer of ["electron", "react", "react-dom"]) {
      await expect(readdir(join(consumer, "node_modules", peer))).resolves.toContain("package.json");
    }
  });

  it("typechecks the main process, preload and screens of docs/embedding.md", async () => {
    for (const name of ["main.ts", "preload.ts", "renderer.tsx"]) {
      const example = examples.get(name);
      if (example === undefined) throw new Error(`docs/embedding.md has no ${name} example`);
      await writeFile(join(consumer, name), example);
    }
    await writeFile(
      join(consumer, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2023",
          module: "nodenext",
          moduleResolution: "nodenext",
          lib: ["ES2023", "DOM"],
          jsx: "react-jsx",
          strict: true,
          noEmit: true,
          types: ["node"],
        },
        files: ["main.ts", "preload.ts", "renderer.tsx"],
      }),
    );
    const tsc = join(root, "node_modules", ".bin", "tsc");
    const checked = await run(tsc, ["-p", consumer]).catch((error: { stdout: string }) => error);
    expect(checked.stdout).toBe("");
  });

  it("opens a catalog headless from Node through pos-catalog/core, as the headless example does", async () => {
    const example = examples.get("headless.mjs");
    if (example === undefined) throw new Error("docs/embedding.md has no headless.mjs example");
    await writeFile(join(consumer, "headless.mjs"), example);
    const { demo } = service;
    const code = "4006381333931";
    await (await adminApi(service)).createProduct({ name: "Packed lemonade", barcode: code });
    const { stdout } = await run(process.execPath, ["headless.mjs"], {
      cwd: consumer,
      env: {
        ...process.env,
        SERVICE_URL: service.baseUrl,
        ORGANISATION: demo.organisation,
        USERNAME: demo.username,
        PASSWORD: demo.password,
        CODE: code,
      },
    });
    const answer = JSON.parse(stdout);
    expect(answer).toEqual({ products: expect.any(Number), found: "Packed lemonade" });
    expect(answer.products).toBeGreaterThan(50);
  });
});
