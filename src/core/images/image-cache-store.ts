// The picture cache, in a SQLite file of its own: which picture each product wants (URL by size key),
// the pictures themselves (their bytes by hash), what failed and when to try again. Bytes and records
// of a batch are written in one transaction, so a crash or a power cut never leaves half a picture:
// the WAL with `synchronous = NORMAL` may lose the last batches, never cut one short. The catalog file
// is left alone: the cache can be deleted at any time and is rebuilt from the catalog.
import type { Database } from "better-sqlite3";
import BetterSqlite3 from "better-sqlite3";
import { AppError } from "../../shared/app-error.ts";
import { storageError } from "../storage/storage-errors.ts";
import { untilChanged } from "../storage/unchanged-reads.ts";
import type { ImageSource } from "./image-urls.ts";

/** A product's version and the pictures its record names, to plan. */
export interface PlannedProduct {
  productId: string;
  updatedAt: number;
  sources: readonly ImageSource[];
  /** Planned before: its rows are read, to keep what did not change, and replaced. */
  known: boolean;
}

/** One wanted picture, in the cache's order of priority. */
export interface WantedRow {
  productId: string;
  sizeKey: string;
  url: string;
  /** The cached picture's hash, or null while it is not (yet) in the cache. */
  hash: string | null;
  /** The picture's size at this URL once it was downloaded; null before. */
  bytes: number | null;
  /** Not to be fetched now: failed recently (retry later) or for good (until its URL changes). */
  waiting: boolean;
}

/** A wanted picture now in the cache under `hash`. */
export interface FetchedPicture {
  row: Pick<WantedRow, "productId" | "sizeKey" | "url">;
  hash: string;
  bytes: number;
}

/** A picture's bytes under the SHA-256 of them. */
export interface PictureBody {
  hash: string;
  body: Uint8Array;
}

export interface ImageCacheCounts {
  /** Products with a picture in the cache. */
  cached: number;
  /** Products whose record names a picture. */
  wanted: number;
  /** Pictures that failed and are not in the cache. */
  failed: number;
  bytes: number;
}

const migrations: readonly ((db: Database) => void)[] = [
  (db) =>
    db.exec(`
      -- A picture a live product names. Priority: the screen's size first, then the most recently
      -- changed products (updated_at as the catalog holds it). bytes stays known after an eviction,
      -- so the cap can tell a picture will not fit without downloading it again.
      CREATE TABLE wanted (
        product_id TEXT NOT NULL,
        size_key TEXT NOT NULL,
        url TEXT NOT NULL,
        screen INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        hash TEXT,
        bytes INTEGER,
        failures INTEGER NOT NULL DEFAULT 0,
        retry_at INTEGER,
        gave_up INTEGER NOT NULL DEFAULT 0,
        problem TEXT,
        PRIMARY KEY (product_id, size_key)
      ) STRICT;
      CREATE INDEX wanted_priority ON wanted (screen DESC, updated_at DESC, product_id, size_key);
      CREATE INDEX wanted_hash ON wanted (hash) WHERE hash IS NOT NULL;
      -- The version (updated_at) of each product whose pictures are planned: a product is read from
      -- the catalog again only when it changed.
      CREATE TABLE planned (product_id TEXT PRIMARY KEY, updated_at INTEGER NOT NULL) STRICT;
      -- The files in the folder, by hash.
      CREATE TABLE files (hash TEXT PRIMARY KEY, bytes INTEGER NOT NULL) STRICT;
      -- Which catalog the plan follows, and how the last run ended.
      CREATE TABLE run (
        only INTEGER PRIMARY KEY CHECK (only = 1),
        catalog TEXT,
        problem TEXT
      ) STRICT;
      INSERT INTO run (only) VALUES (1);
    `),
  (db) =>
    db.exec(`
      -- The pictures held: their size, and the row of their bytes in bodies. Without a rowid the
      -- hash is the table's one b-tree, and bytes appended by rowid add no index of their own: a
      -- batch's commit touches a quarter fewer pages than with both keyed by hash, and sums over
      -- the sizes never read a picture.
      CREATE TABLE pictures (
        hash TEXT PRIMARY KEY,
        bytes INTEGER NOT NULL,
        body INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE bodies (id INTEGER PRIMARY KEY, body BLOB NOT NULL) STRICT;
      -- What an older version held as files in the folder: taken in at the next open, then emptied
      -- (picture-files-import.ts).
      ALTER TABLE files RENAME TO old_files;
    `),
  (db) =>
    db.exec(`
      -- The last full sync of the catalog the plan follows, as it stood when the plan was made: a
      -- full sync takes every record anew, and what a record names may change under its version.
      ALTER TABLE run ADD COLUMN full_sync TEXT;
    `),
];

export type ImageCacheStore = ReturnType<typeof openImageCacheStore>;

export function openImageCacheStore(file: string) {
  let db: Database;
  try {
    db = new BetterSqlite3(file);
    db.pragma("busy_timeout = 5000");
    // Evicted pictures' pages go back to the disk (incremental_vacuum after each run), so the cap
    // bounds the file. Set before the first table on a new file; an older file is vacuumed once.
    const converting = db.pragma("auto_vacuum", { simple: true }) !== incrementalVacuum && hasTables(db);
    db.pragma("auto_vacuum = INCREMENTAL");
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    // The WAL is cut back to this after a checkpoint: a 4 MB batch must not leave a large file behind.
    db.pragma("journal_size_limit = 8000000");
    migrate(db, file);
    if (converting) db.exec("VACUUM");
  } catch (error) {
    throw storageError(file, error);
  }
  return storeOver(db);
}

/** `PRAGMA auto_vacuum`'s value for INCREMENTAL. */
const incrementalVacuum = 2;

const hasTables = (db: Database): boolean =>
  db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table'").get() !== undefined;

function migrate(db: Database, file: string): void {
  const version = db.pragma("user_version", { simple: true }) as number;
  if (version > migrations.length) {
    throw new AppError(
      "storage",
      `The picture cache ${file} was written by a newer version of this app. Delete the images folder; the pictures download again.`,
    );
  }
  for (let next = version; next < migrations.length; next++) {
    db.transaction(() => {
      migrations[next]?.(db);
      db.pragma(`user_version = ${next + 1}`);
    })();
  }
}

function storeOver(db: Database) {
  const planned = db.prepare<[], { product_id: string; updated_at: number }>(
    "SELECT product_id, updated_at FROM planned",
  );
  const existing = db.prepare<
    [string],
    { size_key: string; url: string; hash: string | null; bytes: number | null }
  >("SELECT size_key, url, hash, bytes FROM wanted WHERE product_id = ?");
  const dropWanted = db.prepare<[string]>("DELETE FROM wanted WHERE product_id = ?");
  const dropPlanned = db.prepare<[string]>("DELETE FROM planned WHERE product_id = ?");
  const insertWanted = db.prepare(
    `INSERT INTO wanted (product_id, size_key, url, screen, updated_at, hash, bytes)
     VALUES (@productId, @sizeKey, @url, @screen, @updatedAt, @hash, @bytes)`,
  );
  const upsertPlanned = db.prepare<[string, number]>(
    "INSERT INTO planned (product_id, updated_at) VALUES (?, ?) ON CONFLICT (product_id) DO UPDATE SET updated_at = excluded.updated_at",
  );
  const ordered = db.prepare<[number], Omit<WantedRow, "waiting"> & { waiting: number }>(
    `SELECT product_id AS productId, size_key AS sizeKey, url, hash, bytes,
            (gave_up = 1 OR (retry_at IS NOT NULL AND retry_at > ?)) AS waiting
     FROM wanted ORDER BY screen DESC, updated_at DESC, product_id, size_key`,
  );
  // Positional parameters: binding an object a picture showed in the run's profile.
  const setFetched = db.prepare<[string, number, string, string, string]>(
    `UPDATE wanted SET hash = ?, bytes = ?, failures = 0, retry_at = NULL, problem = NULL
     WHERE product_id = ? AND size_key = ? AND url = ?`,
  );
  const addBody = db.prepare<[Uint8Array]>("INSERT INTO bodies (body) VALUES (?)");
  const addPicture = db.prepare<[string, number, number | bigint]>(
    "INSERT OR IGNORE INTO pictures (hash, bytes, body) VALUES (?, ?, ?)",
  );
  const isHeld = db.prepare<[string]>("SELECT 1 FROM pictures WHERE hash = ?").pluck();
  const dropBodyRow = db.prepare<[number | bigint]>("DELETE FROM bodies WHERE id = ?");
  /** Its bytes and its record, unless the cache holds them: answers the bytes it took in. */
  const keep = (hash: string, body: Uint8Array): number => {
    if (isHeld.get(hash) !== undefined) return 0;
    const id = addBody.run(body).lastInsertRowid;
    // Held after all (another process's run on the same folder): its bytes are there already.
    if (addPicture.run(hash, body.byteLength, id).changes > 0) return body.byteLength;
    dropBodyRow.run(id);
    return 0;
  };
  const setFailed = db.prepare(
    `UPDATE wanted SET failures = failures + 1, retry_at = @retryAt, gave_up = @gaveUp, problem = @problem
     WHERE product_id = @productId AND size_key = @sizeKey AND url = @url`,
  );
  const setAway = db.prepare(
    `UPDATE wanted SET retry_at = NULL, gave_up = 0, problem = @problem
     WHERE product_id = @productId AND size_key = @sizeKey AND url = @url`,
  );
  const failuresOf = db
    .prepare<[string, string]>("SELECT failures FROM wanted WHERE product_id = ? AND size_key = ?")
    .pluck();
  const evict = db.prepare<[string, string]>(
    "UPDATE wanted SET hash = NULL WHERE product_id = ? AND size_key = ?",
  );
  const unreferenced = db
    .prepare<[], string>(
      "SELECT hash FROM pictures WHERE hash NOT IN (SELECT hash FROM wanted WHERE hash IS NOT NULL)",
    )
    .pluck();
  const dropBody = db.prepare<[string]>(
    "DELETE FROM bodies WHERE id = (SELECT body FROM pictures WHERE hash = ?)",
  );
  const dropPicture = db.prepare<[string]>("DELETE FROM pictures WHERE hash = ?");
  const storedBytes = db.prepare("SELECT coalesce(sum(bytes), 0) FROM pictures").pluck();
  const bodyOf = db
    .prepare<[string], Buffer>(
      "SELECT bodies.body FROM pictures JOIN bodies ON bodies.id = pictures.body WHERE pictures.hash = ?",
    )
    .pluck();
  const wasFile = db.prepare<[string]>("SELECT 1 FROM old_files WHERE hash = ?").pluck();
  const unsetMissing = db.prepare(
    "UPDATE wanted SET hash = NULL WHERE hash IS NOT NULL AND hash NOT IN (SELECT hash FROM pictures)",
  );
  const dropOldFiles = db.prepare("DELETE FROM old_files");
  const anyOldFile = db.prepare("SELECT 1 FROM old_files LIMIT 1").pluck();
  const counts = db.prepare<[], ImageCacheCounts>(`
    SELECT
      (SELECT count(DISTINCT product_id) FROM wanted WHERE hash IS NOT NULL) AS cached,
      (SELECT count(DISTINCT product_id) FROM wanted) AS wanted,
      (SELECT count(*) FROM wanted WHERE hash IS NULL AND failures > 0) AS failed,
      (SELECT coalesce(sum(bytes), 0) FROM pictures) AS bytes`);
  // One statement for a whole family: a lookup answering a product and its variants asks once, not
  // once a product (a statement call cost more than the rest of a small lookup, `npm run bench`).
  // Products are known by id within one catalog only: a catalog the plan does not follow gets none.
  const picturesOf = db.prepare<[string, string], { id: string; hash: string }>(
    `SELECT id, hash FROM (
       SELECT ids.value AS id,
              (SELECT hash FROM wanted WHERE product_id = ids.value AND hash IS NOT NULL
               ORDER BY screen DESC, size_key LIMIT 1) AS hash
       FROM json_each(?) AS ids
       WHERE (SELECT catalog FROM run) = ?)
     WHERE hash IS NOT NULL`,
  );
  const readRun = db.prepare<[], { catalog: string | null; problem: string | null; fullSync: string | null }>(
    "SELECT catalog, problem, full_sync AS fullSync FROM run",
  );
  const writeCatalog = db.prepare<[string | null]>("UPDATE run SET catalog = ?, full_sync = NULL");
  const writeFullSync = db.prepare<[string | null]>("UPDATE run SET full_sync = ?");
  const writeProblem = db.prepare<[string | null]>("UPDATE run SET problem = ?");

  /** A product's pictures as the record now names them: same URL keeps its picture, a new one is fetched. */
  const planOne = ({ productId, updatedAt, sources, known }: PlannedProduct) => {
    // A product never planned has no rows: two statements a product saved on a first run.
    const before = new Map(known ? existing.all(productId).map((row) => [row.size_key, row]) : []);
    if (known) dropWanted.run(productId);
    for (const source of sources) {
      const kept = before.get(source.sizeKey);
      const same = kept?.url === source.url;
      insertWanted.run({
        productId,
        sizeKey: source.sizeKey,
        url: source.url,
        screen: source.screen ? 1 : 0,
        updatedAt,
        hash: same ? (kept?.hash ?? null) : null,
        bytes: same ? (kept?.bytes ?? null) : null,
      });
    }
    upsertPlanned.run(productId, updatedAt);
  };

  /** Products planned together in one transaction: one commit for a batch, not one a product. */
  // Typed as plain functions: the store's shape names nothing of the driver.
  const plan: (products: readonly PlannedProduct[]) => void = db.transaction((products) => {
    for (const product of products) planOne(product);
  });

  const forget: (productIds: readonly string[]) => void = db.transaction((productIds) => {
    for (const id of productIds) {
      dropWanted.run(id);
      dropPlanned.run(id);
    }
  });

  return {
    plannedVersions: () => new Map(planned.all().map((row) => [row.product_id, row.updated_at])),
    plan,
    forget,
    forgetAll: () => {
      db.exec("DELETE FROM wanted; DELETE FROM planned;");
    },
    /** Every failure, wait and give-up forgotten, with the last run's problem: held pictures stay. */
    forgetFailures: db.transaction(() => {
      db.exec(`UPDATE wanted SET failures = 0, retry_at = NULL, gave_up = 0, problem = NULL
               WHERE failures > 0 OR retry_at IS NOT NULL OR gave_up = 1 OR problem IS NOT NULL;
               UPDATE run SET problem = NULL;`);
    }) as () => void,
    /** Every wanted picture, highest priority first; `waiting` as of `now`. */
    ordered: (now: number): WantedRow[] =>
      ordered.all(now).map((row) => ({ ...row, waiting: row.waiting === 1 })),
    /**
     * Downloaded pictures, recorded with the bytes of those the cache did not hold, in one
     * transaction: one commit a batch, and a batch is held whole or not at all. Answers the bytes
     * the cache took in.
     */
    fetched: db.transaction((pictures: readonly FetchedPicture[], bodies: readonly PictureBody[]) => {
      let stored = 0;
      for (const { hash, body } of bodies) stored += keep(hash, body);
      for (const { row, hash, bytes } of pictures)
        setFetched.run(hash, bytes, row.productId, row.sizeKey, row.url);
      return stored;
    }) as (pictures: readonly FetchedPicture[], bodies: readonly PictureBody[]) => number,
    /** A failed download: tried again after `retryAfterMs`, or never (until its URL changes) when null. */
    failed(row: Pick<WantedRow, "productId" | "sizeKey" | "url">, problem: string, retryAt: number | null) {
      setFailed.run({ ...row, problem, retryAt, gaveUp: retryAt === null ? 1 : 0 });
    },
    /** Its host could not be reached: no failure counted, and the next run tries it again. */
    away(row: Pick<WantedRow, "productId" | "sizeKey" | "url">, problem: string) {
      setAway.run({ ...row, problem });
    },
    failures: (row: Pick<WantedRow, "productId" | "sizeKey">) =>
      (failuresOf.get(row.productId, row.sizeKey) as number | undefined) ?? 0,
    evict: (row: Pick<WantedRow, "productId" | "sizeKey">) => {
      evict.run(row.productId, row.sizeKey);
    },
    /** Pictures no wanted picture refers to any more: deleted, their hashes returned to be counted. */
    releaseUnreferenced: db.transaction(() => {
      const hashes = unreferenced.all();
      for (const hash of hashes) {
        dropBody.run(hash);
        dropPicture.run(hash);
      }
      return hashes;
    }) as () => string[],
    /** Gives the pages of deleted pictures back to the disk. */
    compact: () => {
      db.pragma("incremental_vacuum");
    },
    /** The bytes of the pictures held. */
    storedBytes: () => storedBytes.get() as number,
    /** A held picture's bytes, or null. */
    body: (hash: string): Buffer | null => bodyOf.get(hash) ?? null,
    /**
     * Pictures an older version kept as files, checked by the caller: kept if that version recorded
     * them (a file nobody named stays out) and the cache does not hold them yet.
     */
    adoptFiles: db.transaction((bodies: readonly PictureBody[]) => {
      for (const { hash, body } of bodies) {
        if (wasFile.get(hash) !== undefined) keep(hash, body);
      }
    }) as (bodies: readonly PictureBody[]) => void,
    /** Whether an older version's files are still being taken in (a crash can stop it half-way). */
    adopting: () => anyOldFile.get() !== undefined,
    /** Once the old files are taken in: the pictures of those that failed their check are fetched again. */
    endAdoption: db.transaction(() => {
      unsetMissing.run();
      dropOldFiles.run();
    }) as () => void,
    counts: untilChanged(db, () => counts.get() as ImageCacheCounts),
    /**
     * Of these products of `catalog`, each one's cached picture that serves the screen, else any
     * cached size; none while the plan follows another catalog.
     */
    picturesOf: (catalog: string, productIds: readonly string[]) =>
      picturesOf.all(JSON.stringify(productIds), catalog) as { id: string; hash: string }[],
    run: () => readRun.get() as { catalog: string | null; problem: string | null; fullSync: string | null },
    /** The catalog the plan follows from now on; null: none. */
    setCatalog: (catalog: string | null) => {
      writeCatalog.run(catalog);
    },
    /** The catalog's last full sync, once every product it took is planned. */
    setFullSync: (fullSync: string | null) => {
      writeFullSync.run(fullSync);
    },
    setProblem: (problem: string | null) => {
      writeProblem.run(problem);
    },
    close: () => {
      db.close();
    },
  };
}
