// Where the catalog, the session and the CLI's secrets live when nobody says otherwise.
import { homedir } from "node:os";
import { join } from "node:path";

const appFolder = "pos-catalog";

/** The platform's per-user data directory; CATALOG_DATA_DIR overrides it. */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (env.CATALOG_DATA_DIR) return env.CATALOG_DATA_DIR;
  if (platform === "win32") return join(env.APPDATA ?? join(home, "AppData", "Roaming"), appFolder);
  if (platform === "darwin") return join(home, "Library", "Application Support", appFolder);
  return join(env.XDG_DATA_HOME ?? join(home, ".local", "share"), appFolder);
}
