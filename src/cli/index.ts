// `npm run catalog -- [--data-dir DIR] COMMAND`: the catalog core without Electron.
import { runCli } from "./run-cli.ts";

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
});
// Idle keep-alive sockets would hold the process open for seconds after the work is done.
process.exit(code);
