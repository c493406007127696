// A till's first sync of a million products (`--only sync-1m`; not run with --quick: the service
// takes minutes to seed them, and each sync many minutes): ours and the raw store, each once in a
// fresh process, with wall and CPU time, peak memory, the file's size and bytes per product, and
// where our file's bytes go.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { catalogFileFor } from "../src/core/catalog/catalog-store.ts";
import { type Figure, sizeName } from "./figure.ts";
import type { RunningService } from "./service-process.ts";
import { fileBytes, storageFigures } from "./storage-accounting.ts";
import { syncRun } from "./sync.ts";

export async function firstSyncFigures(service: RunningService): Promise<Figure[]> {
  const scratch = mkdtempSync(join(tmpdir(), "sync-1m-bench-"));
  try {
    const dirs = { raw: join(scratch, "raw"), ours: join(scratch, "ours") };
    const raw = await syncRun("raw", service, dirs.raw);
    const ours = await syncRun("ours", service, dirs.ours);
    const files = {
      raw: fileBytes(join(dirs.raw, "raw.sqlite")),
      ours: fileBytes(catalogFileFor(dirs.ours, service.ready.accountId)),
    };
    const live = raw.received;
    const size = sizeName(service.products);
    const side = (run: typeof ours) => ({ wallMs: run.wallMs, cpuMs: run.cpuMs });
    const rawStore = "raw store, same SQLite settings and commits";
    return [
      {
        key: `first_sync_${size}_ms`,
        label: `first sync of ${size} (${live} live), once`,
        unit: "ms",
        value: ours.wallMs,
        baselineLabel: rawStore,
        baseline: raw.wallMs,
        goal: "<= 1.3x, wall and CPU",
        ours: side(ours),
        base: side(raw),
      },
      {
        key: `peak_rss_first_sync_${size}_mb`,
        label: `peak RSS of the first sync of ${size}`,
        unit: "MB",
        value: ours.peakRssMb,
        baselineLabel: rawStore,
        baseline: raw.peakRssMb,
        goal: "",
      },
      {
        key: `file_size_${size}_mb`,
        label: `catalog file after the first sync of ${size}`,
        unit: "MB",
        value: files.ours / 2 ** 20,
        baselineLabel: "raw store file",
        baseline: files.raw / 2 ** 20,
        goal: "",
      },
      {
        key: `bytes_per_product_${size}_b`,
        label: `bytes on disk per product at ${size}`,
        unit: "B",
        value: files.ours / live,
        baselineLabel: "raw store file",
        baseline: files.raw / live,
        goal: "<= 1500 B",
      },
      ...storageFigures(catalogFileFor(dirs.ours, service.ready.accountId), live, size),
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
