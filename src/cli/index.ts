// `npm run catalog -- [--data-dir DIR] COMMAND`: the catalog core without Electron.
import { closeConnections } from "./close-connections.ts";
import { runCli } from "./run-cli.ts";

// A reader that has read enough closes the pipe (`| head -1`): the rest of the output has nowhere to
// go, which is no fault of the command. Each later write fails the same way and is let go the same
// way, and the command finishes as it would have. Any other write error stays loud.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  });
}

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
});
// No process.exit: it would cut off output still waiting for a slow reader of the pipe. The process
// ends by itself once stdout has drained, with nothing else left to keep it alive.
process.exitCode = code;
await closeConnections();
