import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    // Real servers, real SQLite files and child processes: give them room on a shared 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: "node", include: ["test/**/*.test.ts"], environment: "node" },
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
    ],
  },
});
