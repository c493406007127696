// The CLI's wiring of the catalog core: everything under one data directory, secrets in a file only
// its owner can read.
import { join } from "node:path";
import { createCommerceClient } from "../api/commerce-client.ts";
import { type CatalogCore, createCatalogCore } from "../catalog-core.ts";
import { defaultDataDir } from "../data-dir.ts";
import { createFileSecretStore } from "../session/file-secret-store.ts";
import { createJsonFileStore } from "../session/json-file-store.ts";
import { createSession, type Session } from "../session/session.ts";
import { sessionRecordSchema } from "../session/session-record.ts";
import type { CliIo } from "./cli-io.ts";

export interface OpenCatalog {
  dataDir: string;
  session: Session;
  core: CatalogCore;
}

export function openCatalog(dataDir: string): OpenCatalog {
  const session = createSession({
    settings: createJsonFileStore(join(dataDir, "session.json"), sessionRecordSchema),
    secrets: createFileSecretStore(join(dataDir, "secrets", "secrets.json")),
    createClient: (baseUrl) => createCommerceClient({ baseUrl }),
    clock: Date.now,
  });
  return { dataDir, session, core: createCatalogCore({ dataDir, session, clock: Date.now }) };
}

/** Opens the catalog for one command and always closes it, whatever the command does. */
export async function withCatalog<T>(
  dataDirFlag: string | undefined,
  io: CliIo,
  work: (catalog: OpenCatalog) => Promise<T>,
): Promise<T> {
  const catalog = openCatalog(dataDirFlag ?? defaultDataDir(io.env));
  try {
    return await work(catalog);
  } finally {
    await catalog.core.close();
  }
}
