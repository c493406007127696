// The CLI as Node runs it: one bundle built from the sources, instead of each TypeScript file
// stripped of its types and zod's 95 files, loaded one by one on every start. A scan's cold start
// spent over a quarter of its time there. The bundle is built on the first start and again whenever
// one of the files it was built from changes; it lives in the package's own node_modules/.cache,
// never in a shared temp directory another user could write to.
import { randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { precompiledProductCheck } from "./product-check-plugin.mjs";

// Packages copied into the bundle, so that only the parts the CLI uses are loaded. pino-roll (the log
// file) requires date-fns whole, some 250 files: resolved and read one by one, they cost a command
// that writes a log line more than all the rest of the log did. undici (the connections to the
// service) is a hundred files, read by every sign-in and sync; of ajv, only the helpers of the product
// check are left, which is compiled while the bundle is built (product-check-plugin.mjs). Every other
// package stays where npm put it: native addons, and packages that find their own files at run time,
// break when moved.
const bundledPackages = /^(zod|pino-roll|date-fns|undici|ajv)(\/|$)/u;

// A process may still be running an older build and load one of its chunks later (the sync engine
// on its first sync), so an older build is removed only once nothing can plausibly be using it.
const keepOldBuildsMs = 24 * 60 * 60 * 1000;

/** @typedef {[file: string, mtimeMs: number, size: number]} Input */
/** @typedef {{ source: string, entry: string, inputs: Input[] }} Manifest */

/** The package's own cache, inside it, so that a bundle finds the packages left out of it. */
export const packageCache = join(import.meta.dirname, "../../node_modules/.cache");

/** The CLI's own bundle (index.ts), as builtEntry gives it. */
export function cliBuiltEntry() {
  return builtEntry({
    entry: join(import.meta.dirname, "index.ts"),
    cacheDir: join(packageCache, "catalog-cli", process.version),
  });
}

/**
 * The URL of the built entry: the last build when none of its files changed since, else a new one.
 * Null when no build can be made here (the bundler not installed, a cache that cannot be written, a
 * source that does not parse): the caller runs the sources, which report their own faults.
 *
 * @param {{ entry: string, cacheDir: string, now?: () => number }} options
 * @returns {Promise<string | null>}
 */
export async function builtEntry({ entry, cacheDir, now = Date.now }) {
  const manifestFile = join(cacheDir, "current.json");
  const last = readManifest(manifestFile);
  if (last?.source === entry && existsSync(last.entry) && last.inputs.every(unchanged)) {
    return pathToFileURL(last.entry).href;
  }
  try {
    const build = await bundle(entry, join(cacheDir, "builds", randomUUID()));
    writeAtomically(manifestFile, JSON.stringify({ source: entry, ...build }));
    removeOldBuilds(join(cacheDir, "builds"), dirname(build.entry), now());
    return pathToFileURL(build.entry).href;
  } catch {
    return null;
  }
}

/**
 * Bundles `entry` into `outDir`, keeping each dynamic import as its own chunk so that a lookup
 * still loads no sync engine. Each input's size and time of change are taken before it is read: a
 * file changed during the build then differs from its record, and the next start builds again.
 *
 * @param {string} entry
 * @param {string} outDir
 * @returns {Promise<{ entry: string, inputs: Input[] }>}
 */
async function bundle(entry, outDir) {
  const { rolldown } = await import("rolldown");
  // The build depends on this file's choices and on the bundler as much as on the sources. Resolved
  // without import.meta.resolve, which a module runner (vitest's global set-up) does not give.
  /** @type {Input[]} */
  const inputs = [
    import.meta.filename,
    createRequire(import.meta.url).resolve("rolldown"),
    fileURLToPath(new URL("./product-check-plugin.mjs", import.meta.url)),
  ].map(inputNow);
  const build = await rolldown({
    input: entry,
    platform: "node",
    logLevel: "silent",
    tsconfig: false,
    // The project's own modules do nothing when loaded but define what they export (none is imported
    // for its effect alone), so one that a command takes nothing from is left out of its chunks: the
    // core's front door (core/app/index.ts) names the app's IPC contract and serial scanner beside
    // the catalog, and a lookup would otherwise build their schemas at every start.
    treeshake: { moduleSideEffects: (id, external) => external || id.includes("/node_modules/") },
    external: (id) => !(id.startsWith(".") || isAbsolute(id) || bundledPackages.test(id)),
    plugins: [
      precompiledProductCheck({ onInput: (file) => inputs.push(inputNow(file)) }),
      {
        name: "source-files",
        load(id) {
          if (!isAbsolute(id)) return null;
          inputs.push(inputNow(id));
          return withSourceLocation(readFileSync(id, "utf8"), id);
        },
      },
    ],
  });
  try {
    const { output } = await build.write({
      dir: outDir,
      format: "esm",
      entryFileNames: "[name].mjs",
      chunkFileNames: "[name]-[hash].mjs",
    });
    const main = output.find((file) => file.type === "chunk" && file.isEntry);
    if (main === undefined) throw new Error(`no entry chunk built from ${entry}`);
    return { entry: join(outDir, main.fileName), inputs };
  } finally {
    await build.close();
  }
}

/**
 * Where a module finds files next to itself, it means next to its source, not next to the bundle.
 *
 * @param {string} code
 * @param {string} file
 */
function withSourceLocation(code, file) {
  /** @type {Record<string, string>} */
  const meta = {
    url: JSON.stringify(pathToFileURL(file).href),
    dirname: JSON.stringify(dirname(file)),
    filename: JSON.stringify(file),
  };
  return code.replace(
    /\bimport\.meta\.(url|dirname|filename)\b/gu,
    (_, /** @type {string} */ key) => meta[key] ?? "",
  );
}

/**
 * @param {string} file
 * @returns {Input}
 */
function inputNow(file) {
  const { mtimeMs, size } = statSync(file);
  return [file, mtimeMs, size];
}

/** @param {Input} input */
function unchanged([file, mtimeMs, size]) {
  try {
    const now = statSync(file);
    return now.mtimeMs === mtimeMs && now.size === size;
  } catch {
    return false;
  }
}

/**
 * @param {string} file
 * @returns {Manifest | null}
 */
function readManifest(file) {
  try {
    const manifest = JSON.parse(readFileSync(file, "utf8"));
    return typeof manifest?.entry === "string" && Array.isArray(manifest.inputs) ? manifest : null;
  } catch {
    return null;
  }
}

/**
 * Written aside and renamed, so a process starting at the same moment never reads half a file.
 *
 * @param {string} file
 * @param {string} text
 */
function writeAtomically(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.${randomUUID()}`;
  writeFileSync(aside, text);
  renameSync(aside, file);
}

/**
 * @param {string} buildsDir
 * @param {string} keep the build just made
 * @param {number} nowMs
 */
function removeOldBuilds(buildsDir, keep, nowMs) {
  for (const name of readdirSync(buildsDir)) {
    const dir = join(buildsDir, name);
    try {
      if (dir !== keep && nowMs - statSync(dir).mtimeMs > keepOldBuildsMs) {
        rmSync(dir, { recursive: true, force: true });
      }
    } catch {
      // Another process removed it first.
    }
  }
}
