import react from "@vitejs/plugin-react";
import { defineConfig } from "electron-vite";
import { precompiledProductCheck } from "./src/cli/product-check-plugin.mjs";

export default defineConfig({
  main: {
    // The sync worker reads records with the product check compiled here, not at its first page.
    plugins: [precompiledProductCheck()],
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: {
          // The standalone app, and the module's public entry points for host apps (package.json
          // exports): the main-process mount, the preload bridge for the host's own preload, and the
          // catalog core's front door for a host without Electron.
          index: "src/main/index.ts",
          "mount-catalog": "src/main/mount-catalog.ts",
          "catalog-bridge": "src/preload/catalog-bridge.ts",
          core: "src/core/app/index.ts",
        },
      },
    },
  },
  preload: {
    // A sandboxed preload must be one CommonJS file.
    build: {
      rollupOptions: {
        input: { index: "src/preload/index.ts" },
        output: { format: "cjs", entryFileNames: "[name].cjs" },
      },
    },
  },
  renderer: {
    root: "src/renderer",
    build: {
      rollupOptions: { input: { index: "src/renderer/index.html" } },
      // Read from the till's own disk, never downloaded: a large chunk costs no network time.
      chunkSizeWarningLimit: 2000,
    },
    plugins: [react()],
  },
});
