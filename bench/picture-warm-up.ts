// `node bench/picture-warm-up.ts [--products N] [--pictures N] [--rounds N]`: the same pictures
// downloaded through the cache's own client (`downloadImage` over `picture-connections.ts`, four at a
// time, nothing kept) in rounds one after another in one process, each round's wall and CPU time. The
// first rounds pay for compiling the HTTP code, which is why the picture benchmark compares a run in
// a fresh worker with a bare fetch in a fresh worker (docs/benchmarks.md, "Baselines for pictures").
import { parseArgs } from "node:util";
import { downloadImage } from "../src/core/images/image-download.ts";
import { openPictureConnections } from "../src/core/images/picture-connections.ts";
import { bareFetch } from "./bare-fetch.ts";
import { timed } from "./figure.ts";
import { syncedTill } from "./images.ts";
import { startService } from "./service-process.ts";

const lanes = 4;

/** Every URL through the cache's client, `lanes` at a time, on connections opened for the round. */
async function downloadAll(urls: readonly string[]): Promise<void> {
  const connections = openPictureConnections(lanes);
  let next = 0;
  const lane = async () => {
    while (next < urls.length) {
      const url = urls[next++] as string;
      const outcome = await downloadImage({
        url,
        connections,
        auth: null,
        deadlines: { firstByteMs: 30_000, wholeAnswerMs: 60_000 },
        maxBytes: 5_000_000,
      });
      if (!outcome.ok) throw new Error(`${url}: ${outcome.problem.message}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: lanes }, lane));
  } finally {
    connections.close();
  }
}

const { values } = parseArgs({
  options: { products: { type: "string" }, pictures: { type: "string" }, rounds: { type: "string" } },
});
const upstream = await startService(Number(values.products ?? 20_000));
try {
  const till = await syncedTill(upstream);
  const urls = till.urls.slice(0, Number(values.pictures ?? 2_000));
  await till.close();
  // The service draws each picture on its first request; fetch's code is not the client's.
  await bareFetch(urls, lanes);
  for (let round = 1; round <= Number(values.rounds ?? 4); round++) {
    const { wallMs, cpuMs } = await timed(() => downloadAll(urls));
    process.stdout.write(
      `round ${round}: ${urls.length} pictures in ${wallMs.toFixed(0)} ms (CPU ${cpuMs.toFixed(0)} ms)\n`,
    );
  }
} finally {
  await upstream.stop();
}
