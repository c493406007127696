// The figures as a table for the log and as JSON for a file.
import type { Figure, Side } from "./figure.ts";

export interface Machine {
  cores: number;
  node: string;
  load_average_at_start: number[];
  load_average_at_end: number[];
}

export function ratioOf(figure: Figure): number | null {
  return figure.baseline === null || figure.baseline === 0 ? null : figure.value / figure.baseline;
}

function amount(value: number, unit: string): string {
  if (!Number.isFinite(value)) return "-";
  const digits = unit === "ms" && value < 10 ? (value < 1 ? 3 : 2) : 0;
  return `${value.toLocaleString("en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${unit}`;
}

function times(ours: Side | undefined, base: Side | undefined): string {
  if (ours === undefined || base === undefined) return "";
  const ms = (value: number) => Math.round(value).toLocaleString("en-GB");
  const wall = `${ms(ours.wallMs)} / ${ms(base.wallMs)}`;
  return `${wall.padEnd(18)}${ms(ours.cpuMs)} / ${ms(base.cpuMs)}`;
}

export function printTable(
  figures: Figure[],
  notes: string[],
  machine: Machine,
  print: (line: string) => void,
): void {
  const rows = figures.map((figure) => {
    const ratio = ratioOf(figure);
    return [
      figure.label,
      amount(figure.value, figure.unit),
      figure.baseline === null ? "" : `${amount(figure.baseline, figure.unit)} (${figure.baselineLabel})`,
      ratio === null ? "" : `${ratio.toFixed(ratio < 0.1 ? 3 : 2)}x`,
      figure.goal,
      times(figure.ours, figure.base),
    ];
  });
  const header = [
    "figure",
    "value",
    "baseline, same run",
    "ratio",
    "goal",
    "wall ms us/base   cpu ms us/base",
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 1 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join("  ")
      .trimEnd();
  print(line(header));
  for (const row of rows) print(line(row));
  print(
    `${machine.cores} cores, Node ${machine.node}, load average ${machine.load_average_at_start.map((value) => value.toFixed(2)).join(" ")}` +
      ` at start, ${machine.load_average_at_end.map((value) => value.toFixed(2)).join(" ")} at end`,
  );
  for (const note of notes) print(`note: ${note}`);
}

export function toJson(
  figures: Figure[],
  notes: string[],
  machine: Machine,
  startedAt: string,
  quick = false,
) {
  const byKey: Record<string, unknown> = {};
  for (const figure of figures) {
    byKey[figure.key] = {
      label: figure.label,
      value: figure.value,
      baseline: figure.baseline,
      baseline_label: figure.baselineLabel,
      ratio: ratioOf(figure),
      goal: figure.goal,
      ...(figure.ours && { wall_ms: figure.ours.wallMs, cpu_ms: figure.ours.cpuMs }),
      ...(figure.base && { baseline_wall_ms: figure.base.wallMs, baseline_cpu_ms: figure.base.cpuMs }),
    };
  }
  return { started_at: startedAt, quick, ...machine, figures: byKey, notes };
}
