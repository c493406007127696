// Builds what the browser bridge serves: the renderer exactly as the Electron app ships it, plus the
// small script that gives it window.catalog over the bridge. Takes a few seconds; run once per start.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { bridgePaths } from "./bridge-paths.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

export async function buildBridgePage(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: `${root}src/renderer`,
    base: "./",
    logLevel: "warn",
    plugins: [react()],
    // Served over loopback from this machine: a large chunk costs no network time.
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  });
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    build: {
      outDir,
      emptyOutDir: false,
      lib: {
        entry: `${root}src/bridge/page/install-catalog.ts`,
        formats: ["iife"],
        name: "catalogBridge",
        fileName: () => bridgePaths.client.slice(1),
      },
    },
  });
}
