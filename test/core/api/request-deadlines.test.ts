// The connect deadline against a service whose connections never open: a real process listening on
// loopback, stopped (SIGSTOP) with its short backlog full, so the system drops further connection
// attempts the way a firewall that swallows packets does. The other deadlines are tested through the
// CLI's sync (test/core/sync/stalled-answers.test.ts).
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { afterEach, expect, it } from "vitest";
import { createCommerceClient } from "../../../src/core/api/commerce-client.ts";
import { failure } from "../../support/expect-failure.ts";

const listener = `
const server = require("node:net").createServer();
server.listen({ port: 0, host: "127.0.0.1", backlog: 1 }, () => console.log(server.address().port));
`;

let stopped: ChildProcess | undefined;
const held: Socket[] = [];
afterEach(() => {
  for (const socket of held.splice(0)) socket.destroy();
  stopped?.kill("SIGKILL");
  stopped = undefined;
});

/** The address of a service that takes no connections: listening, stopped, its backlog full. */
async function unopenableService(): Promise<string> {
  const child = spawn(process.execPath, ["-e", listener], { stdio: ["ignore", "pipe", "inherit"] });
  stopped = child;
  const [line] = (await once(child.stdout, "data")) as [Buffer];
  const port = Number(line.toString().trim());
  child.kill("SIGSTOP");
  // The kernel completes a few handshakes for a process that does not accept; after those, none.
  for (;;) {
    const socket = connect(port, "127.0.0.1");
    held.push(socket);
    const opened = await Promise.race([
      once(socket, "connect").then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 500)),
    ]);
    if (!opened) return `http://127.0.0.1:${port}`;
  }
}

it("gives up on a connection that does not open within the connect deadline, and says so", async () => {
  const baseUrl = await unopenableService();
  const client = createCommerceClient({
    baseUrl,
    deadlines: { connectMs: 300 },
    retry: { attempts: 2 },
    sleep: async () => {},
  });
  const started = performance.now();
  const error = await failure(client.loginOrganisation({ organisation: "o", username: "u", password: "p" }));
  // Node's fetch gives up on a connection by itself after 10 s, with the same error code: two tries
  // ending well before that show the deadline given here was the one kept.
  expect(performance.now() - started).toBeLessThan(10_000);

  expect(error.kind).toBe("timeout");
  expect(error.message).toBe(
    `No connection to the commerce service at ${new URL(baseUrl).host} within 0.3 s. ` +
      "Check the network connection or try again later; lookups keep working from the local catalog.",
  );
});
