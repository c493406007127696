// Where the catalog, the session and the CLI's secrets live when nobody says otherwise.
import { homedir } from "node:os";
import { join } from "node:path";
import { AppError } from "../shared/app-error.ts";

const appFolder = "pos-catalog";

/** The platform's per-user data directory; CATALOG_DATA_DIR overrides it. */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const chosen = givenDataDir(env.CATALOG_DATA_DIR, "CATALOG_DATA_DIR");
  if (chosen !== undefined) return chosen;
  if (platform === "win32") return join(env.APPDATA ?? join(home, "AppData", "Roaming"), appFolder);
  if (platform === "darwin") return join(home, "Library", "Application Support", appFolder);
  return join(env.XDG_DATA_HOME ?? join(home, ".local", "share"), appFolder);
}

/**
 * A data directory someone chose, or undefined when nobody did. An empty one is refused: as a path it
 * means the current folder, which would quietly get the session and the secrets (a variable meant
 * to hold the folder, left unset in a script, gives exactly that).
 */
export function givenDataDir(
  value: string | undefined,
  givenBy: "--data-dir" | "CATALOG_DATA_DIR",
): string | undefined {
  if (value === undefined || value.trim() !== "") return value;
  throw new AppError(
    "invalid-input",
    givenBy === "--data-dir"
      ? "--data-dir is empty: give the folder for the catalog, e.g. --data-dir /srv/till."
      : "CATALOG_DATA_DIR is empty: give it the folder for the catalog, or unset it to use the usual one.",
  );
}
