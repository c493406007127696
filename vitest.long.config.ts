import { defineConfig } from "vitest/config";
import base, { longOnly } from "./vitest.config.ts";

/**
 * `npm run test:long`: what is long by nature (the waits for the default time limits, packing and
 * installing the package) and the long forms of tests `npm test` runs short (test/support/run-length.ts:
 * 500 scans in a row, 50 quiet-gap scans, 2,000 generated records). One file at a time, as the browser
 * tests run in `npm test`. CI runs both.
 */
export default defineConfig({
  plugins: base.plugins,
  test: {
    include: [
      ...longOnly,
      "test/e2e/scans-in-a-row.test.ts",
      "test/e2e/scanner-in-browser.test.ts",
      "test/core/sync/upstream-schema-records.property.test.ts",
    ],
    environment: "node",
    env: { POS_TEST_LONG: "1" },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    maxWorkers: 1,
    globalSetup: ["test/support/bridge-page-setup.ts"],
  },
});
