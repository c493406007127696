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
 * The browser tests: they share one build of the page (bridge-page-setup.ts) and run after the rest,
 * two at a time with nothing else beside them: a page answering a scanner's keys (stamped with the
 * times they were pressed) must not wait behind a machine busy with every other test.
 */
export const browser = ["test/e2e/**/*.test.ts"];

/**
 * The service's contract, security and property suites, run a second time with the service on
 * PostgreSQL (one server for the run, a fresh database per service: test/support/postgres-setup.ts).
 */
export const serviceSuites = [
  "test/server/branches.test.ts",
  "test/server/errors.test.ts",
  "test/server/favourites.test.ts",
  "test/server/login-throttle.test.ts",
  "test/server/login.test.ts",
  "test/server/malformed-requests.property.test.ts",
  "test/server/pagination.property.test.ts",
  "test/server/pre-routing-errors.test.ts",
  "test/server/products-read.test.ts",
  "test/server/products-write.test.ts",
  "test/server/rate-limit.test.ts",
  "test/server/reference-data.test.ts",
  "test/server/scopes.test.ts",
  "test/server/sub-users.test.ts",
  "test/server/tenancy.test.ts",
  "test/server/login-throttle-parts.test.ts",
  "test/server/write-clock.test.ts",
];

/**
 * Files that replace a module (`vi.mock`: the Electron double, a failing catalog store) or the clock
 * (fake timers): each runs with modules of its own. Every other node file shares the modules its
 * worker loaded, as the browser and renderer files do.
 */
export const ownModules = [
  "test/main/**/*.test.ts",
  "test/core/catalog/catalog-file-guard.test.ts",
  "test/core/app/catalog-service.test.ts",
  "test/core/app/catalog-service-pictures.test.ts",
  "test/core/session/till-clock.test.ts",
];

/** Tests only `npm run test:long` runs (vitest.long.config.ts): long by nature. */
export const longOnly = ["test/long/**/*.test.ts"];

/** The CLI's and the workers' bundles, built once before the files that run them start. */
const prebuiltBundles = "test/support/prebuilt-bundles.ts";

export default defineConfig({
  plugins: [react(), electronViteQueries()],
  test: {
    // Real servers, real SQLite files and child processes: give them room on a shared 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Most files wait on sockets, child processes and disks more than on a core: four at a time keep
    // two cores busy. The time limits they test carry margins for a loaded machine.
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...browser, ...longOnly, ...ownModules, "test/postgres/**"],
          environment: "node",
          globalSetup: [prebuiltBundles],
          // Each file starts and closes its own services, catalogs and processes; what they share is
          // the modules, loaded once a worker instead of once a file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Named to sort before "node": vitest starts projects in name order, and catalog-service's
          // tests, the longest file of the run, would otherwise start last and end the node phase alone.
          name: "isolated",
          include: ownModules,
          environment: "node",
          globalSetup: [prebuiltBundles],
          // Loaded through vitest, so the shell tests' Electron double reaches electron-store's import too.
          server: { deps: { inline: ["electron-store"] } },
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: [...serviceSuites, "test/postgres/**/*.test.ts"],
          environment: "node",
          env: { SERVICE_DATABASE: "postgres" },
          globalSetup: ["test/support/postgres-setup.ts"],
          // Each file starts its own services on its own databases and closes them; what they share is
          // the service's modules, loaded once a worker instead of once a file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "renderer",
          include: ["test/renderer/**/*.test.tsx"],
          environment: "jsdom",
          // The screens' modules (React, the app, its libraries) loaded once a worker, not once a file:
          // half the project's CPU. Each test still starts from an empty page (cleanup.ts); a test
          // gives a screen a failing dependency as an argument, never with vi.mock, which would reach
          // the other files.
          isolate: false,
          setupFiles: ["test/renderer/support/cleanup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: browser,
          environment: "node",
          globalSetup: ["test/support/bridge-page-setup.ts", prebuiltBundles],
          setupFiles: ["test/support/share-chromium.ts"],
          maxWorkers: 2,
          // Each file starts its own service, catalog and Chromium and closes them; what they share
          // is the modules, loaded once a worker instead of once a file (3 s of CPU a file).
          isolate: false,
          // A page on a loaded machine can take seconds to show what a poll waits for (the default
          // gives it one); a poll that holds returns at once, so only a failing one waits this long.
          expect: { poll: { timeout: 15_000 } },
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
