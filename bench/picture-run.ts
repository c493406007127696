// One picture run in a fresh process, as the CLI's `images sync` runs one, or its baseline: a bare
// fetch of the same URLs in a fresh process too. Each is timed from inside once its modules are loaded,
// so neither side starts with code compiled by an earlier pass. Two kinds:
//   ours  the catalog core's picture run over a till already synced (hashes, bytes and records kept);
//   bare  bare-fetch.ts's fetch of the same URLs, as many at a time, bytes thrown away.
// Prints one JSON line: { wallMs, cpuMs, fetched }.
// Run by bench/images.ts: node bench/picture-run.ts KIND '{"dataDir":…,"urlsFile":…,…}'
import { readFileSync } from "node:fs";
import { wireCatalog } from "../src/core/app/catalog-wiring.ts";
import { dataDirStores } from "../src/core/storage/data-dir-stores.ts";
import { bareFetch } from "./bare-fetch.ts";
import { timed } from "./figure.ts";

export type PictureRunKind = "ours" | "bare";

export interface PictureRunInput {
  baseUrl: string;
  organisation: string;
  username: string;
  password: string;
  /** A till's data folder, signed out, its catalog synced. */
  dataDir: string;
  /** A JSON array of the picture URLs the catalog names. */
  urlsFile: string;
  lanes: number;
}

export interface PictureRunResult {
  wallMs: number;
  cpuMs: number;
  fetched: number;
}

async function oursRun(input: PictureRunInput): Promise<() => Promise<number>> {
  const { dataDir } = input;
  const { core, session } = wireCatalog({ dataDir, ...dataDirStores(dataDir), clock: Date.now });
  await session.signInOrganisation({ ...input, remember: false });
  return async () => (await core.images.run({ download: true }))?.fetched ?? 0;
}

async function bareRun(input: PictureRunInput): Promise<() => Promise<number>> {
  const urls = JSON.parse(readFileSync(input.urlsFile, "utf8")) as string[];
  return async () => {
    await bareFetch(urls, input.lanes);
    return urls.length;
  };
}

const kind = process.argv[2] as PictureRunKind;
const input = JSON.parse(process.argv[3] ?? "{}") as PictureRunInput;
const run = kind === "ours" ? await oursRun(input) : await bareRun(input);
const measured = await timed(run);
const result: PictureRunResult = { wallMs: measured.wallMs, cpuMs: measured.cpuMs, fetched: measured.result };
process.stdout.write(`${JSON.stringify(result)}\n`);
// Idle keep-alive sockets and the catalog's timers would hold the process open.
process.exit(0);
