// A pass-through HTTP proxy on loopback that counts what goes through it: every request, and the
// answers by status. The rush puts one in front of each till, so each till's requests are its own.
// The Host header passes unchanged: the service builds its next-page links from it, so they point
// back here.
import { createServer, request as forward } from "node:http";
import type { AddressInfo } from "node:net";

export interface CountingProxy {
  baseUrl: string;
  /** Requests received so far. */
  requests(): number;
  /** Answers with this status so far. */
  answered(status: number): number;
  /** Starts counting from zero again. */
  reset(): void;
  close(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const { hostname, port } = new URL(target);
  let requests = 0;
  let statuses = new Map<number, number>();
  const server = createServer((incoming, outgoing) => {
    requests += 1;
    const upstream = forward(
      { hostname, port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        const status = answer.statusCode ?? 0;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        outgoing.writeHead(status, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    answered: (status) => statuses.get(status) ?? 0,
    reset() {
      requests = 0;
      statuses = new Map();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
