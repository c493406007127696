// `npm run catalog -- [--data-dir DIR] COMMAND`: the catalog core without Electron.
import { closeConnections } from "./close-connections.ts";
import { runCli } from "./run-cli.ts";

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
