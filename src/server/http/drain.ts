// Closing the service drains it: the listening socket closes at once (a balancer's next health check
// fails and new connections go elsewhere), requests in flight are answered, idle keep-alive connections
// close, and only what is still open after the grace time is cut off.
import type { FastifyInstance } from "fastify";

/** Long enough for any page or write; a stalled client cannot hold a stop for longer. */
const graceMs = 10_000;

export async function drain(app: FastifyInstance, grace = graceMs): Promise<void> {
  const cutOff = setTimeout(() => app.server.closeAllConnections(), grace);
  // A keep-alive connection whose request was answered during the drain turns idle: close it then too.
  const idle = setInterval(() => app.server.closeIdleConnections(), 50);
  try {
    await app.close();
  } finally {
    clearTimeout(cutOff);
    clearInterval(idle);
  }
}
