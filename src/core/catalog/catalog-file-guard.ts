// One account's catalog file, opened so that damage is found and dealt with instead of served: a
// quick check before every sync, a full integrity check after any error that smells of corruption
// and on demand. A damaged file is set aside (renamed with the time) and never read again: reads then
// say so plainly, and a sync starts over with a fresh file and a full download.
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import type { ReferenceKind } from "../../shared/api/reference-data.ts";
import { AppError, isAppError } from "../../shared/app-error.ts";
import { readOnlyError, smellsOfDamage } from "../storage/storage-errors.ts";
import { lastSetAside, setAside } from "./catalog-health.ts";
import { type CatalogStore, openCatalogStore } from "./catalog-store.ts";
import type { ProductWithUnusableParts } from "./unusable-parts-list.ts";

export interface CatalogCheck {
  file: string;
  /** null when the file is sound. */
  problem: string | null;
  /** Where the damaged file now is, when it was set aside. */
  setAsideAs: string | null;
  /** Products held with parts the catalog cannot use, when the file is sound. */
  withUnusableParts: ProductWithUnusableParts[];
  /** Favourite sets, product groups and taxes held with parts left out, when the file is sound. */
  referencesWithUnusableParts: ReferenceWithUnusableParts[];
}

export interface ReferenceWithUnusableParts {
  kind: ReferenceKind;
  id: string;
  parts: string[];
}

export interface CatalogFileGuard {
  /** Runs a read; damage found on the way sets the file aside and fails with a "damaged" AppError. */
  read<T>(work: (store: CatalogStore) => Promise<T>): Promise<T>;
  /** Runs a sync on a sound file: a damaged one is set aside first (or midway) and the sync starts over. */
  write<T>(work: (store: CatalogStore) => Promise<T>): Promise<{ result: T; setAsideAs: string | null }>;
  /** The full integrity check; a damaged file is set aside. */
  check(): Promise<CatalogCheck>;
  close(): Promise<void>;
}

export function guardCatalogFile(file: string, clock: () => number): CatalogFileGuard {
  let store: CatalogStore | null = null;
  const checked = checkedStamp(file);

  async function open(): Promise<CatalogStore> {
    store ??= await openCatalogStore(file, { clock });
    return store;
  }

  /**
   * The quick check on open, skipped when the file has not changed since it last passed one. Only on
   * open: a long-lived reader (the desktop app's main thread) must not rerun it on a scan each time
   * its own sync worker has written to the file.
   */
  async function openChecked(): Promise<CatalogStore> {
    if (store !== null) return store;
    const opened = await open();
    if (checked.isCurrent()) return opened;
    try {
      const problem = await opened.check("quick");
      if (problem !== null)
        throw new AppError("damaged", `The catalog file ${file} is damaged (${problem}).`);
    } catch (error) {
      // A file that did not pass is never served: the next read opens and checks it again.
      store = null;
      await opened.close().catch(() => undefined);
      throw error;
    }
    checked.record();
    return opened;
  }

  /**
   * Reads never create the file: after a damaged one was set aside, every read says so (not "no such
   * product" from an empty new file) until a sync brings a fresh catalog.
   */
  function refuseSetAside(): void {
    if (existsSync(file)) return;
    const aside = lastSetAside(file);
    if (aside !== null) throw damagedError(aside, null);
  }

  /** Closes and renames the file; a file too broken to open at all is renamed all the same. */
  async function setAsideNow(): Promise<string> {
    await store?.close().catch(() => undefined);
    store = null;
    try {
      return setAside(file, clock());
    } catch (error) {
      // The damage is the news, not the read-only disk that keeps the file where it is.
      if (!isAppError(error, "read-only")) throw error;
      throw new AppError(
        "damaged",
        `The catalog file ${file} is damaged, and its disk cannot be written, so it can neither be set aside nor downloaded again. Make the disk writable, then run a sync; until then lookups cannot answer from it.`,
        { cause: error },
      );
    }
  }

  /** After an error: a full check decides whether the file is damaged (then it is set aside). */
  async function damageAfter(error: unknown): Promise<string | null> {
    if (!smellsOfDamage(error)) return null;
    const problem = isAppError(error, "damaged") ? error.message : await fullCheck();
    return problem === null ? null : setAsideNow();
  }

  async function fullCheck(): Promise<string | null> {
    try {
      return await (await open()).check("full");
    } catch (error) {
      if (smellsOfDamage(error)) return error instanceof Error ? error.message : String(error);
      throw error;
    }
  }

  return {
    async read(work) {
      if (store === null) refuseSetAside();
      try {
        return await work(await openChecked());
      } catch (error) {
        const movedTo = await damageAfter(error);
        if (movedTo === null) throw error;
        throw damagedError(movedTo, error);
      }
    },

    async write(work) {
      let setAsideAs: string | null = null;
      await openChecked().catch(async (error: unknown) => {
        if (!smellsOfDamage(error)) throw error;
        setAsideAs = await setAsideNow();
      });
      // Before the sync asks the service for anything: nothing it downloads could be kept.
      if ((await open()).readOnly) throw readOnlyError(file);
      try {
        return { result: await work(await open()), setAsideAs };
      } catch (error) {
        const movedTo = setAsideAs === null ? await damageAfter(error) : null;
        if (movedTo === null) throw error;
        // Once: a fresh file that fails again is not a damaged file but a disk that fails.
        return { result: await work(await open()), setAsideAs: movedTo };
      }
    },

    async check() {
      const problem = await fullCheck();
      if (problem !== null) {
        const none = { withUnusableParts: [], referencesWithUnusableParts: [] };
        return { file, problem, setAsideAs: await setAsideNow(), ...none };
      }
      const store = await open();
      return {
        file,
        problem,
        setAsideAs: null,
        withUnusableParts: await store.unusableParts(),
        referencesWithUnusableParts: await store.references.withUnusableParts(),
      };
    },

    async close() {
      if (store === null) return;
      await store.close();
      store = null;
      // While it was open, the file changed only through SQLite's own transactions (this process's or
      // another sync's), and nothing read from it complained: the next process to open it need not
      // read every page again (seconds at a million products). A file changed while nobody had it
      // open (a bad disk, a careless copy) is still checked.
      checked.record();
    },
  };
}

export function damagedError(movedTo: string, cause: unknown): AppError {
  return new AppError(
    "damaged",
    `The catalog file was damaged, so it has been set aside as ${movedTo}. Run a sync to download the catalog again; until then lookups cannot answer from it.`,
    { cause },
  );
}

/**
 * Remembers, beside the catalog, the size and modification time the file had when it last passed a
 * quick check: reading every page costs milliseconds per thousand products, too much to pay on each
 * lookup of an unchanged file, yet a file changed by anything (a sync, a bad disk, a careless copy)
 * is checked again the next time it is opened.
 */
function checkedStamp(file: string) {
  const stampFile = `${file}.checked`;
  const current = (): string | null => {
    try {
      const { size, mtimeMs } = statSync(file);
      return `${size}:${mtimeMs}`;
    } catch {
      return null;
    }
  };
  return {
    isCurrent(): boolean {
      try {
        return readFileSync(stampFile, "utf8") === current();
      } catch {
        return false;
      }
    },
    record(): void {
      const stamp = current();
      // Best effort: a folder that cannot take the stamp only means checking again next time.
      if (stamp !== null) {
        try {
          writeFileSync(stampFile, stamp);
        } catch {}
      }
    },
  };
}
