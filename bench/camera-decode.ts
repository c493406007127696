// `node bench/camera-decode.ts [--quick]`, also run by `npm run bench` (group "camera-decode"): the
// camera's decoding of a 1280x720 frame in headless Chromium, the app's path (the frame taken as an
// ImageBitmap, handed to the decoder worker, drawn into pixels and read by zxing-wasm there) beside
// the baseline, the same zxing-wasm build reading the same frame's pixels already in an ImageData.
// Blocks of frames alternate between the two; CPU time is Chromium's (every process it started, the
// worker's included, from /proc), wall time the page's.
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import bwipjs from "bwip-js/node";
import { build } from "vite";
import { launchChromium } from "../test/support/chromium.ts";
import { type Figure, percentile, type Side } from "./figure.ts";

interface Reads {
  ms: number[];
  texts: string[];
}

interface CameraBench {
  drawFrame(png: string): Promise<void>;
  framePath(count: number): Promise<Reads>;
  decodedImage(count: number): Promise<Reads>;
}

const code = "4006381333931";

async function buildPage(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: join(import.meta.dirname, "camera-page"),
    base: "./",
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
  });
}

function serve(dir: string): Promise<{ server: Server; url: string }> {
  const types: Record<string, string> = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
  };
  const server = createServer((request, response) => {
    const path =
      normalize(new URL(request.url ?? "/", "http://x").pathname).replace(/^\/+/u, "") || "index.html";
    readFile(join(dir, path)).then(
      (body) => response.writeHead(200, { "content-type": types[extname(path)] ?? "text/plain" }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}/` });
    }),
  );
}

/** CPU milliseconds of every process this one started (Chromium's), from /proc. */
function childrenCpuMs(): number {
  const ticksPerMs = 100 / 1000;
  let total = 0;
  const visit = (pid: number) => {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children === "" ? [] : children.split(" ").map(Number)) {
        try {
          const fields = readFileSync(`/proc/${child}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
          total += (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
          visit(child);
        } catch {
          // A process that ended meanwhile took its time with it.
        }
      }
    }
  };
  visit(process.pid);
  return total;
}

export async function benchCameraDecode(options: { rounds: number; frames: number }): Promise<Figure[]> {
  const work = await mkdtemp(join(tmpdir(), "bench-camera-"));
  const browser = await launchChromium();
  const { server, url } = await (async () => {
    await buildPage(join(work, "page"));
    return serve(join(work, "page"));
  })();
  try {
    const page = await browser.context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => "cameraBench" in window);
    const png = await bwipjs.toBuffer({ bcid: "ean13", text: code, scale: 4, height: 25, paddingwidth: 10 });
    await page.evaluate(
      (data) => (window as unknown as { cameraBench: CameraBench }).cameraBench.drawFrame(data),
      `data:image/png;base64,${png.toString("base64")}`,
    );
    const run = async (
      kind: "framePath" | "decodedImage",
      count: number,
      side: Side | null,
      all: number[],
    ) => {
      const cpu = childrenCpuMs();
      const started = performance.now();
      const reads = await page.evaluate(
        ([name, frames]) => (window as unknown as { cameraBench: CameraBench }).cameraBench[name](frames),
        [kind, count] as const,
      );
      if (reads.texts[0] !== code)
        throw new Error(`the ${kind} read ${JSON.stringify(reads.texts)}, not ${code}`);
      if (side === null) return;
      side.wallMs += performance.now() - started;
      side.cpuMs += childrenCpuMs() - cpu;
      all.push(...reads.ms);
    };
    const ours: Side = { wallMs: 0, cpuMs: 0 };
    const base: Side = { wallMs: 0, cpuMs: 0 };
    const frame: number[] = [];
    const decoded: number[] = [];
    // Untimed first blocks: the worker and the page each compile the WebAssembly once.
    await run("framePath", 3, null, frame);
    await run("decodedImage", 3, null, decoded);
    for (let round = 0; round < options.rounds; round += 1) {
      await run("framePath", options.frames, ours, frame);
      await run("decodedImage", options.frames, base, decoded);
    }
    const figure = (share: number, name: string): Figure => ({
      key: `camera_frame_1280x720_${name}_ms`,
      label: `camera frame 1280x720 to codes, ${name} (worker path)`,
      unit: "ms",
      value: percentile(frame, share),
      baselineLabel: "zxing-wasm on the frame's ImageData",
      baseline: percentile(decoded, share),
      goal: "a few frames a second on a till's CPU",
      ours,
      base,
    });
    return [figure(0.5, "p50"), figure(0.95, "p95")];
  } finally {
    server.close();
    await browser.close();
    await rm(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({ options: { quick: { type: "boolean" } } });
  const figures = await benchCameraDecode(
    values.quick ? { rounds: 2, frames: 10 } : { rounds: 5, frames: 30 },
  );
  process.stdout.write(`figures ${JSON.stringify(figures)}\n`);
}
