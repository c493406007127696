// The picture benchmark's baselines: the same picture URLs fetched a few at a time with the platform's
// fetch, each read whole and thrown away, on the benchmark's thread or in a fresh worker thread of its
// own (bare-fetch-worker.ts), as the app's picture runs are; and the same with a bare `http.get`.
import http from "node:http";
import { Worker } from "node:worker_threads";

/** Fetches every URL, `lanes` at a time; answers the bytes received. */
export async function bareFetch(urls: readonly string[], lanes: number): Promise<number> {
  let next = 0;
  let bytes = 0;
  const lane = async () => {
    while (next < urls.length) {
      const url = urls[next++] as string;
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      bytes += (await response.arrayBuffer()).byteLength;
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return bytes;
}

/** The same in a worker thread started for it: a fresh one, as cold as a picture worker. */
export function bareFetchInWorker(urls: readonly string[], lanes: number): Promise<number> {
  const worker = new Worker(new URL("./bare-fetch-worker.ts", import.meta.url), {
    workerData: { urls, lanes },
  });
  return new Promise((resolve, reject) => {
    let bytes: number | null = null;
    worker.on("message", (received: number) => {
      bytes = received;
    });
    worker.on("error", reject);
    worker.on("exit", () =>
      bytes === null ? reject(new Error("the bare fetch worker died")) : resolve(bytes),
    );
  });
}

/** The same with `http.get` over a keep-alive agent, `lanes` connections: the floor for the cache's client. */
export async function bareHttpGet(urls: readonly string[], lanes: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: lanes });
  let next = 0;
  let bytes = 0;
  const one = (url: string) =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(url, { agent }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.byteLength;
        });
        response.on("end", resolve);
        response.on("error", reject);
      });
      request.on("error", reject);
    });
  const lane = async () => {
    while (next < urls.length) await one(urls[next++] as string);
  };
  try {
    await Promise.all(Array.from({ length: lanes }, lane));
  } finally {
    agent.destroy();
  }
  return bytes;
}
