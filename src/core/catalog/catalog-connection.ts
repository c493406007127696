// Opening one SQLite connection to a catalog file, with the settings every connection needs, and
// turning "this is not a database", a full disk or a read-only folder into errors of their own kind.
import { pathToFileURL } from "node:url";
import BetterSqlite3, { type Database } from "better-sqlite3";
import { storageError } from "../storage/storage-errors.ts";

// A WAL catalog can be read only where SQLite may make its "-shm" file beside it, unless SQLite is
// told the file cannot change ("immutable", a URI parameter): the one way to read a catalog in a
// read-only folder or on a read-only file system. better-sqlite3 reads this variable once, when its
// native part loads at the first connection of the process; a catalog path never starts with "file:".
process.env.SQLITE_USE_URI ??= "1";

/**
 * `immutable`: read a file nobody can change (a read-only folder or disk) without locks or "-shm";
 * changes still waiting in its write-ahead log are not seen, only those already copied into the file.
 */
export function openConnection(file: string, options: { readonly: boolean; immutable?: boolean }): Database {
  let db: Database | undefined;
  const name = options.immutable ? `${pathToFileURL(file).href}?immutable=1` : file;
  try {
    db = new BetterSqlite3(name, { readonly: options.readonly, fileMustExist: options.readonly });
    // WAL lets the read connection see the last committed state while a sync writes; NORMAL is
    // durable enough with WAL (a power cut can lose the last page, never corrupt the file).
    // Product records are about 2 KB: a 4 KB page held one and wasted the rest, an 8 KB page holds
    // three or four. The file is 40% smaller and pages commit faster (bench/catalog-store.ts). Only
    // takes effect when the file is created.
    if (!options.readonly) db.pragma("page_size = 8192");
    // The pages a sync leaves free (the full-text index merging its parts frees some on every sync)
    // go back to the disk after it (catalog-writes.ts, docs/storage.md). Set on a new file
    // only: on one that has pages the pragma writes its header, which fails on a full disk, and a
    // file made before gets it at its next VACUUM (free-space-reclaim.ts).
    if (!options.readonly && db.pragma("page_count", { simple: true }) === 0)
      db.pragma("auto_vacuum = INCREMENTAL");
    if (!options.readonly) db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    db.pragma("busy_timeout = 5000");
    // Index inserts land all over a large file; the 2 MB default cache would reread pages constantly.
    db.pragma("cache_size = -65536");
    // A page of products is about 2 MB of WAL: at the default (1000 pages), most commits paid for a
    // checkpoint (copy + fsync). At a million products a page's commit touches pages all over the
    // indexes, and checkpointing every 64 MB still cost a fifth of the first sync's time, half of it
    // in fsync (perf, docs/benchmarks.md). Every 512 MB (65,536 pages of 8 KB) a checkpoint copies
    // each page once for many commits: the first sync of 1M took 126-143 s instead of 164-166 s. The
    // journal is cut back to 64 MB after each checkpoint, so the disk holds the extra only mid-sync.
    db.pragma("wal_autocheckpoint = 65536");
    db.pragma("journal_size_limit = 67108864");
    // Reading the schema proves the file is a SQLite database; the constructor alone does not.
    db.pragma("user_version");
    return db;
  } catch (error) {
    db?.close();
    throw storageError(file, error);
  }
}
