// The diagnostics file a shop sends to whoever looks after its tills: one zip with what the till
// knows (its status, its settings without secrets, its last log files, the catalog check, the
// versions it runs and the free disk space). The CLI's `diagnose` and the app's Settings both make it.
import { readdir, readFile, statfs, writeFile } from "node:fs/promises";
import { type as osType, release } from "node:os";
import { join } from "node:path";
import type { Zippable } from "fflate";
import { AppError } from "../../shared/app-error.ts";
import { errorInWords } from "../logging/catalog-log.ts";
import { logFolderIn } from "../logging/log-folder.ts";
import { makeDirectory } from "../storage/make-directory.ts";
import { withoutSecrets } from "./without-secrets.ts";

export interface DiagnosticsSources {
  dataDir: string;
  status: () => Promise<unknown>;
  settings: () => Promise<unknown>;
  /** The full catalog check; its error is kept in the file when there is no catalog to check. */
  check: () => Promise<unknown>;
  /** The app's version, and anything else worth naming; Node's, Electron's, SQLite's and the OS's are added. */
  versions?: Record<string, string>;
  clock?: () => number;
}

/** pos-catalog-diagnostics-2026-11-26T1430.zip: sorts by time, and no colon for Windows. */
export function diagnosticsFileName(now: number): string {
  const stamp = new Date(now).toISOString().slice(0, 16).replace(":", "");
  return `pos-catalog-diagnostics-${stamp}.zip`;
}

/** The newest log files only: enough for the last days, small enough to send by mail. */
const logFilesKept = 2;

/** Saves the file in `folder` (default: diagnostics/ in the data folder), named by the time; answers where. */
export async function saveDiagnosticsFile(
  sources: DiagnosticsSources & { folder?: string },
): Promise<{ file: string }> {
  const folder = sources.folder ?? join(sources.dataDir, "diagnostics");
  const file = join(folder, diagnosticsFileName((sources.clock ?? Date.now)()));
  try {
    // Not Node's recursive mkdir, which spins for ever where no folder can be made (make-directory.ts).
    makeDirectory(folder);
  } catch (error) {
    throw new AppError(
      "storage",
      `The diagnostics file could not be saved in ${folder}: ${whyNotWritten(error)}.`,
      {
        cause: error,
      },
    );
  }
  await writeDiagnosticsFile(sources, file);
  return { file };
}

export async function writeDiagnosticsFile(sources: DiagnosticsSources, outFile: string): Promise<void> {
  const zip = await diagnosticsZip(sources);
  try {
    await writeFile(outFile, zip);
  } catch (error) {
    throw new AppError(
      "storage",
      `The diagnostics file could not be saved as ${outFile}: ${whyNotWritten(error)}.`,
      {
        cause: error,
      },
    );
  }
}

export async function diagnosticsZip(sources: DiagnosticsSources): Promise<Uint8Array> {
  const at = new Date((sources.clock ?? Date.now)()).toISOString();
  const parts: Zippable = {
    "about.json": json({ madeAt: at, versions: { ...sources.versions, ...(await systemVersions()) } }),
    "status.json": json(await answerOf(sources.status)),
    "settings.json": json(withoutSecrets(await answerOf(sources.settings))),
    "catalog-check.json": json(await answerOf(sources.check)),
    "disk.json": json(await freeSpace(sources.dataDir)),
    logs: await lastLogFiles(sources.dataDir),
  };
  // Loaded here, not with the module: the catalog core holds this file, and a scan needs no zip.
  const { zipSync } = await import("fflate");
  return zipSync(parts, { level: 6 });
}

/** A part that failed is kept as its error in words: the file is most wanted when things fail. */
async function answerOf(read: () => Promise<unknown>): Promise<unknown> {
  try {
    return await read();
  } catch (error) {
    return { error: errorInWords(error) };
  }
}

async function systemVersions(): Promise<Record<string, string>> {
  return {
    node: process.versions.node,
    ...(process.versions.electron ? { electron: process.versions.electron } : {}),
    sqlite: await sqliteVersion(),
    os: `${osType()} ${release()} (${process.platform} ${process.arch})`,
  };
}

async function sqliteVersion(): Promise<string> {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(":memory:");
  try {
    return String(db.prepare("select sqlite_version()").pluck().get());
  } finally {
    db.close();
  }
}

async function freeSpace(dataDir: string): Promise<unknown> {
  try {
    const disk = await statfs(dataDir);
    return { dataDir, freeBytes: disk.bavail * disk.bsize, totalBytes: disk.blocks * disk.bsize };
  } catch (error) {
    return { dataDir, error: messageOf(error) };
  }
}

async function lastLogFiles(dataDir: string): Promise<Zippable> {
  const folder = logFolderIn(dataDir);
  const names = await readdir(folder).catch(() => [] as string[]);
  const newest = names
    .filter((name) => /^catalog\.\d+\.log$/u.test(name))
    .sort((a, b) => logNumber(b) - logNumber(a))
    .slice(0, logFilesKept);
  const files: Zippable = {};
  for (const name of newest) files[name] = await readFile(join(folder, name));
  return files;
}

function logNumber(name: string): number {
  return Number(/\.(\d+)\.log$/u.exec(name)?.[1] ?? 0);
}

function json(value: unknown): Uint8Array {
  return new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
}

const writeProblems: Record<string, string> = {
  ENOENT: "that folder does not exist",
  ENOTDIR: "that folder does not exist",
  EACCES: "that folder cannot be written",
  EPERM: "that folder cannot be written",
  EROFS: "that disk is read-only",
  ENOSPC: "the disk is full",
  EISDIR: "a folder has that name",
};

function whyNotWritten(error: unknown): string {
  return writeProblems[(error as NodeJS.ErrnoException).code ?? ""] ?? messageOf(error);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
