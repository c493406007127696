import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * electron-vite turns `?asset` and `?modulePath` imports into file paths at build time; tests of the
 * shell load the same modules, so they get the same: the source file's own path.
 */
function electronViteQueries(): Plugin {
  const prefix = "\0file-path:";
  return {
    name: "electron-vite-queries",
    enforce: "pre",
    async resolveId(id, importer) {
      const match = /^(.*)\?(asset|modulePath)$/u.exec(id);
      if (match === null) return null;
      const resolved = await this.resolve(match[1] as string, importer, { skipSelf: true });
      return resolved === null ? null : `${prefix}${resolved.id}`;
    },
    load(id) {
      return id.startsWith(prefix) ? `export default ${JSON.stringify(id.slice(prefix.length))};` : null;
    },
  };
}

/**
 * Files that measure time against the machine's (a browser's frame, a scanner's key gaps, a request's
 * deadline): they run after the rest, one at a time, so nothing else competes for the cores.
 */
const alone = [
  "test/e2e/**/*.test.ts",
  "test/core/sync/stalled-answers.test.ts",
  "test/core/sync/silent-service-limits.test.ts",
];

export default defineConfig({
  plugins: [react(), electronViteQueries()],
  test: {
    // Real servers, real SQLite files and child processes: give them room on a shared 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Most files wait on sockets, child processes and disks more than on a core: two at a time.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...alone],
          environment: "node",
          // Loaded through vitest, so the shell tests' Electron double reaches electron-store's import too.
          server: { deps: { inline: ["electron-store"] } },
        },
      },
      {
        extends: true,
        test: {
          name: "renderer",
          include: ["test/renderer/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["test/renderer/support/cleanup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "alone",
          include: alone,
          environment: "node",
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
