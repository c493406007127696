// bare-fetch.ts's worker: fetches the URLs it is given and posts the bytes received.
import { parentPort, workerData } from "node:worker_threads";
import { bareFetch } from "./bare-fetch.ts";

const { urls, lanes } = workerData as { urls: string[]; lanes: number };
parentPort?.postMessage(await bareFetch(urls, lanes));
