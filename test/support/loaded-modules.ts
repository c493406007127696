// Preloaded into a child process (`--import` through NODE_OPTIONS): writes what the process loads to
// the file named by LOADED_MODULES_FILE, one a line, so a test can say what a command's start loads
// and what it leaves alone: the URL of every module loaded by import or require as it loads, and at
// exit Node's own list of its built-in parts ("NativeModule internal/deps/undici/undici"), which
// loads no hook sees.
import { appendFileSync } from "node:fs";
import { registerHooks } from "node:module";

const file = process.env.LOADED_MODULES_FILE;
if (file !== undefined) {
  registerHooks({
    load(url, context, nextLoad) {
      appendFileSync(file, `${url}\n`);
      return nextLoad(url, context);
    },
  });
  process.on("exit", () => {
    const { moduleLoadList } = process as unknown as { moduleLoadList: string[] };
    appendFileSync(file, `${moduleLoadList.join("\n")}\n`);
  });
}
