// Sync progress for a person watching a terminal (a redrawn bar) or a log (a line now and then).
import type { SyncProgress } from "../shared/catalog/sync-progress.ts";
import { count } from "./people-format.ts";

export function describeProgress(progress: SyncProgress): string {
  const rate = `${count(Math.round(progress.perSecond))}/s`;
  if (!measurable(progress)) {
    const phase = progress.stream === "live" ? "fetching changes" : "checking deletions";
    return `${count(progress.done)} records received (${phase})  ${rate}`;
  }
  const total = progress.total ?? 0;
  const eta = progress.etaSeconds === null ? "" : `  about ${Math.ceil(progress.etaSeconds)} s left`;
  return `${bar(progress.done / total)} ${count(progress.done)}/${count(total)} products  ${rate}${eta}`;
}

/** Only the live walk of a full sync has a known end: an incremental sync fetches just the changes. */
function measurable(progress: SyncProgress): boolean {
  return (
    progress.mode === "full" && progress.stream === "live" && progress.total !== null && progress.total > 0
  );
}

function bar(share: number): string {
  const width = 24;
  const filled = Math.min(width, Math.max(0, Math.round(share * width)));
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}]`;
}

/** Writes progress: redrawn in place on a terminal, otherwise at most one line per interval. */
export function progressWriter(
  stream: { write(text: string): unknown; isTTY?: boolean },
  clock: () => number,
  intervalMs = 1000,
): { update(progress: SyncProgress): void; end(): void } {
  const lines = lineWriter(stream, clock, intervalMs);
  return { update: (progress) => lines.show(describeProgress(progress)), end: lines.end };
}

/** One line of progress, whatever it counts: redrawn on a terminal, now and then in a log. */
export function lineWriter(
  stream: { write(text: string): unknown; isTTY?: boolean },
  clock: () => number,
  intervalMs = 1000,
): { show(line: string): void; end(): void } {
  let lastLine = "";
  let lastWrite = Number.NEGATIVE_INFINITY;
  return {
    show(line) {
      lastLine = line;
      if (stream.isTTY) {
        stream.write(`\r${lastLine}\x1b[K`);
      } else if (clock() - lastWrite >= intervalMs) {
        stream.write(`${lastLine}\n`);
        lastWrite = clock();
      }
    },
    end() {
      if (stream.isTTY && lastLine !== "") stream.write("\n");
    },
  };
}
