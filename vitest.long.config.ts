import { defineConfig } from "vitest/config";
import base, { longOnly, serviceSuites } from "./vitest.config.ts";

/**
 * `npm run test:long`: what is long by nature (the waits for the default time limits, packing and
 * installing the package, two service nodes behind HAProxy as real processes) and the long forms of
 * tests `npm test` runs short (test/support/run-length.ts: 500 scans in a row, 50 quiet-gap scans,
 * 2,000 generated records, demo catalogs of 20,000, the seven languages' tour, the screens and key tiles at three sizes, each
 * askew code at every tilt); and the service suites' third set-up: PostgreSQL, two nodes behind HAProxy
 * (test/server/two-node-service.ts). One file at a time, as the browser tests run in `npm test`. CI
 * runs both.
 */
export default defineConfig({
  plugins: base.plugins,
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    maxWorkers: 1,
    projects: [
      {
        extends: true,
        test: {
          name: "long",
          include: [
            ...longOnly,
            "test/e2e/scans-in-a-row.test.ts",
            "test/e2e/scanner-in-browser.test.ts",
            "test/e2e/languages-in-browser.test.ts",
            "test/e2e/till-layout.test.ts",
            "test/e2e/key-tiles-layout.test.ts",
            "test/e2e/camera-counts-once.test.ts",
            // For their screenshots: `npm test` saves only a screen whose checks fail.
            "test/e2e/till-in-browser.test.ts",
            "test/e2e/keys-in-browser.test.ts",
            "test/core/sync/upstream-schema-records.property.test.ts",
            "test/core/catalog/typo-recall.test.ts",
            "test/server/demo-catalog.test.ts",
          ],
          environment: "node",
          env: { POS_TEST_LONG: "1" },
          globalSetup: ["test/support/bridge-page-setup.ts", "test/support/postgres-setup.ts"],
          // As the browser tests' in vitest.config.ts: a page on a loaded machine can take seconds.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: "postgres-two-nodes",
          include: serviceSuites,
          // These speak broken HTTP on raw sockets to test the node's own parser: HAProxy in front
          // refuses such requests itself, in its own words, before any node sees them.
          exclude: [
            "test/server/pre-routing-errors.test.ts",
            "test/server/malformed-requests.property.test.ts",
          ],
          environment: "node",
          env: { SERVICE_DATABASE: "postgres", SERVICE_NODES: "2" },
          globalSetup: ["test/support/postgres-setup.ts"],
        },
      },
    ],
  },
});
