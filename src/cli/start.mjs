// The CLI's start (`npm run catalog`): plain JavaScript, so that a start with a warm cache never loads
// the TypeScript stripper. Node strips the types of every .ts file again on every start, about 40% of
// the time to a first lookup; this keeps each file's stripped code under the hash of its source, in
// the package's own node_modules/.cache (never a shared temp directory another user could write to),
// and hands Node the stripped code. Without a writable cache it strips as Node would.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import module from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const cacheDir = join(import.meta.dirname, "../../node_modules/.cache/stripped-typescript", process.version);

function strippedCode(source) {
  const file = join(cacheDir, `${createHash("sha256").update(source).digest("base64url")}.js`);
  try {
    return readFileSync(file, "utf8");
  } catch {
    const code = quietly(() => module.stripTypeScriptTypes(source));
    try {
      mkdirSync(cacheDir, { recursive: true });
      // Written aside and renamed, so a process starting at the same moment never reads half a file.
      const aside = `${file}.${process.pid}`;
      writeFileSync(aside, code);
      renameSync(aside, file);
    } catch {
      // A read-only install: strip on every start, as Node would.
    }
    return code;
  }
}

/** Node calls the stripper experimental on stderr; the CLI's stderr is for the person at the till. */
function quietly(work) {
  const emitWarning = process.emitWarning;
  process.emitWarning = () => undefined;
  try {
    return work();
  } finally {
    process.emitWarning = emitWarning;
  }
}

function load(url, context, nextLoad) {
  if (!url.startsWith("file:") || !url.endsWith(".ts") || url.includes("/node_modules/")) {
    return nextLoad(url, context);
  }
  const source = readFileSync(fileURLToPath(url), "utf8");
  return { format: "module", source: strippedCode(source), shortCircuit: true };
}

// Started with another Node than the project's own (`node src/cli/start.mjs` on a system Node 20),
// the hooks are missing: say so in one line rather than with Node's stack trace.
if (typeof module.registerHooks === "function") {
  module.registerHooks({ load });
  module.enableCompileCache?.();
  await import("./index.ts");
} else {
  process.stderr.write(
    `The catalog CLI needs Node 22.15 or newer; this is Node ${process.version}. Start it with npm run catalog, which uses the project's own Node (installed by npm ci).\n`,
  );
  process.exitCode = 2;
}
