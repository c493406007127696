// What every benchmark reports: a figure beside a baseline measured in the same run, with the wall
// and CPU time each side took, so a ratio can be read even when the shared machine is busy.

export interface Side {
  /** Wall and CPU time of the measured work, milliseconds. */
  wallMs: number;
  cpuMs: number;
}

export interface Figure {
  /** JSON key, with the unit in the name: `lookup_p99_1m_ms`. */
  key: string;
  label: string;
  unit: string;
  value: number;
  /** What the baseline is, in a few words; null when the figure has none of its own. */
  baselineLabel: string;
  baseline: number | null;
  goal: string;
  ours?: Side;
  base?: Side;
}

/** Wall and CPU time of one piece of work in this process. */
export async function timed<T>(work: () => Promise<T> | T): Promise<{ result: T } & Side> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { result, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

/** "100k", "1m": sizes as they appear in figure keys. */
export function sizeName(count: number): string {
  if (count >= 1_000_000 && count % 1_000_000 === 0) return `${count / 1_000_000}m`;
  if (count >= 1000 && count % 1000 === 0) return `${count / 1000}k`;
  return String(count);
}

/** A deterministic spread over a list, `size` items at most. */
export function spread<T>(items: readonly T[], size: number): T[] {
  const step = Math.max(1, Math.floor(items.length / size));
  return items.filter((_, index) => index % step === 0).slice(0, size);
}

/**
 * Times each call (and its CPU time, when `cpuTimes` is given: on a busy machine a slow call is
 * mostly time spent waiting for a core, which the CPU time leaves out); adds the block's wall and CPU time to `side` when it counts. */
export async function measure(
  inputs: readonly string[],
  times: number[],
  side: Side | null,
  run: (input: string) => Promise<unknown>,
  cpuTimes?: number[],
): Promise<void> {
  const cpu = process.cpuUsage();
  const began = performance.now();
  for (const input of inputs) {
    const cpuStarted = cpuTimes && process.cpuUsage();
    const started = performance.now();
    await run(input);
    times.push(performance.now() - started);
    if (cpuStarted) {
      const used = process.cpuUsage(cpuStarted);
      cpuTimes?.push((used.user + used.system) / 1000);
    }
  }
  if (side === null) return;
  side.wallMs += performance.now() - began;
  const used = process.cpuUsage(cpu);
  side.cpuMs += (used.user + used.system) / 1000;
}
