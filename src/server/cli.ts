// Starts the reference service: `npm run service -- --port 0 --db catalog.db`. The only stdout line is
// `ready {json}` with the base URL and demo credentials of the first account at the top level and of every
// account in `accounts`, so a parent process can read it; logs go to stderr.
import { CliOptionError, HelpRequested, parseCliOptions } from "./cli-options.ts";
import { isPostgresUrl } from "./store/database-url.ts";

async function main(): Promise<void> {
  const options = parseCliOptions(process.argv.slice(2), process.env);
  // Loaded after the flags are read: a mistyped flag is answered without loading the whole service
  // (cli-options.ts imports only the limits it checks against).
  const { startService } = await import("./service.ts");
  const service = await startService(options);
  const stop = (): void => {
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`error while closing: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  // Before the ready line: a parent may signal as soon as it reads it.
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const { accounts } = service;
  process.stdout.write(`ready ${JSON.stringify({ ...accounts[0], accounts })}\n`);
  process.stderr.write(
    `reference service listening on ${service.baseUrl} (${describeDatabase(options.database)})\n`,
  );
}

/** The database as a log may name it: a URL's password stays out of the log. */
function describeDatabase(target = ":memory:"): string {
  if (!isPostgresUrl(target)) return `SQLite ${target}`;
  const url = new URL(target);
  return `PostgreSQL ${url.username}@${url.host}${url.pathname}`;
}

main().catch((error: unknown) => {
  if (error instanceof HelpRequested) {
    process.stdout.write(`${error.message}\n`);
    return;
  }
  const isUsage = error instanceof CliOptionError;
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(isUsage ? 2 : 1);
});
