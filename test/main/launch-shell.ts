// The desktop shell started afresh for a test, with `electron` replaced by the recording double
// (the binary cannot run here), and closed and cleaned up after the test.
import { afterEach, vi } from "vitest";
import type { DesktopAppOptions } from "../../src/main/desktop-app.ts";
import { tempDir } from "../support/service-fixtures.ts";
import { createElectronDouble, RecordingEvent } from "./electron-double.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 10_000) throw new Error("timed out waiting for the shell");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function launch(
  options: {
    lock?: boolean;
    encryption?: boolean;
    argv?: string[];
    /** What the shell's own options take besides argv: the clock, the updater. */
    shell?: Omit<DesktopAppOptions, "argv">;
    /** Fills the user-data folder before the app starts. */
    prepare?: (userData: string) => Promise<void>;
  } = {},
) {
  const dir = await tempDir();
  await options.prepare?.(dir.path);
  const double = createElectronDouble(dir.path, options);
  // A fresh app per test: the double replaces electron for every module loaded from here on.
  vi.resetModules();
  vi.doMock("electron", () => ({ default: double.module, ...double.module }));
  const { startDesktopApp } = await import("../../src/main/desktop-app.ts");
  startDesktopApp({ ...options.shell, argv: options.argv ?? ["/opt/pos-catalog/pos-catalog"] });
  cleanups.push(async () => {
    if (double.handlers.size > 0) {
      double.app.emit("will-quit", new RecordingEvent());
      await until(() => double.handlers.size === 0 && double.app.quitCalls > 0);
    }
    await dir.remove();
  });
  if (options.lock !== false) await until(() => double.windows.length > 0);
  return { double, userData: dir.path };
}
