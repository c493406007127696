// The CLI's start (`npm run catalog`): plain JavaScript, so that Node loads no TypeScript before the
// CLI's own bundle (src/cli/built-entry.mjs). Where no bundle can be built, it runs the sources.
import module from "node:module";
import { join } from "node:path";
import { cliBuiltEntry, packageCache } from "./built-entry.mjs";

// Started with another Node than the project's own (`node src/cli/start.mjs` on a system Node 20),
// the CLI cannot run: say so in one line rather than with Node's stack trace. 22.18 is the first 22
// that runs TypeScript sources without a flag, which the start falls back on.
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major > 22 || (major === 22 && minor >= 18)) {
  const built = await cliBuiltEntry();
  // V8's compiled code for the bundle, kept beside it rather than in the shared temp directory.
  module.enableCompileCache(join(packageCache, "v8-compile"));
  await import(built ?? "./index.ts");
} else {
  process.stderr.write(
    `The catalog CLI needs Node 22.18 or newer; this is Node ${process.version}. Start it with npm run catalog, which uses the project's own Node (installed by npm ci).\n`,
  );
  process.exitCode = 2;
}
