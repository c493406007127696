// The picture run's connections, against real HTTP servers on loopback: kept open from one picture
// to the next, and a kept-open connection the host closes just as it is reused is not a failure.
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { downloadImage } from "../../../src/core/images/image-download.ts";
import { openPictureConnections } from "../../../src/core/images/picture-connections.ts";
import { goodPicture } from "../../support/picture-host.ts";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A host over `handler`, counting the connections it accepted and those open now. */
async function startHost(handler: RequestListener) {
  let accepted = 0;
  const server = createServer(handler);
  server.on("connection", () => {
    accepted += 1;
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    accepted: () => accepted,
    open: () => new Promise<number>((resolve) => server.getConnections((_, count) => resolve(count))),
  };
}

const picture: RequestListener = (request, response) =>
  response.writeHead(200, { "content-type": "image/png" }).end(goodPicture(Number(request.url?.slice(1))));

/** Answers one picture a connection, then drops the connection at its next request. */
function oneAnswerPerConnection(): RequestListener {
  const answered = new WeakSet<object>();
  return (request, response) => {
    if (answered.has(request.socket)) {
      request.socket.destroy();
      return;
    }
    answered.add(request.socket);
    picture(request, response);
  };
}

const download = (url: string, connections: ReturnType<typeof openPictureConnections>) =>
  downloadImage({
    url,
    connections,
    auth: null,
    deadlines: { firstByteMs: 2_000, wholeAnswerMs: 5_000 },
    maxBytes: 5_000_000,
  });

describe("picture connections", () => {
  it("ask again on a new connection when a kept-open one was closed under them", async () => {
    const host = await startHost(oneAnswerPerConnection());
    const connections = openPictureConnections(1);
    try {
      // One at a time over one connection: every picture after the first finds it closed.
      for (let number = 1; number <= 4; number++) {
        const outcome = await download(`${host.baseUrl}/${number}`, connections);
        expect(outcome.ok, `picture ${number}`).toBe(true);
      }
      expect(host.accepted()).toBe(4);
    } finally {
      connections.close();
    }
  });

  it("keep one connection for pictures one after another, and close it at the end", async () => {
    const asked: IncomingHttpHeaders[] = [];
    const host = await startHost((request, response) => {
      asked.push(request.headers);
      picture(request, response);
    });
    const connections = openPictureConnections(1);
    for (let number = 1; number <= 5; number++) {
      expect((await download(`${host.baseUrl}/${number}`, connections)).ok).toBe(true);
    }
    expect(host.accepted()).toBe(1);
    // Asked for as they are (pictures are compressed already), by a client that names itself.
    for (const headers of asked) {
      expect(headers).toMatchObject({
        "accept-encoding": "identity",
        "user-agent": "pos-catalog picture cache",
      });
    }
    connections.close();
    const deadline = Date.now() + 1_000;
    while ((await host.open()) > 0 && Date.now() < deadline) await sleep(20);
    expect(await host.open()).toBe(0);
  });
});
