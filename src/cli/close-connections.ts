// Node's fetch keeps idle connections to the service open for a few seconds (keep-alive), and an
// open connection keeps the process running after the command is done. Destroying fetch's shared
// dispatcher (undici's, found under the symbol it registers itself with) ends them at once, so the
// process can end by itself once stdout has drained instead of being cut short by process.exit.
const globalDispatcher = Symbol.for("undici.globalDispatcher.1");

interface Dispatcher {
  destroy(): Promise<void>;
}

export async function closeConnections(): Promise<void> {
  const dispatcher = (globalThis as Record<symbol, Dispatcher | undefined>)[globalDispatcher];
  await dispatcher?.destroy().catch(() => undefined);
}
