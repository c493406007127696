import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { methodChannel } from "../../src/shared/ipc/catalog-channels.ts";
import { logLines } from "../support/log-lines.ts";
import { RecordingEvent } from "./electron-double.ts";
import { launch, until } from "./launch-shell.ts";

describe("the desktop app's log", () => {
  it("starts with the app's version, and logs settings changed through IPC and faults of the main process", async () => {
    const watching = process.listenerCount("uncaughtExceptionMonitor");
    const { double, userData } = await launch();
    await expect
      .poll(() => logLines(userData)[0])
      .toMatchObject({ msg: "started", app: "pos-catalog", version: "9.8.7" });

    const page = pathToFileURL(double.windows[0]?.loaded?.file ?? "").href;
    const handler = double.handlers.get(methodChannel("changeSettings"));
    await handler?.({ senderFrame: { url: page } }, { syncIntervalMinutes: 30 });
    await expect
      .poll(() => logLines(userData).find((line) => line.msg === "settings changed"))
      .toMatchObject({
        changed: ["syncIntervalMinutes"],
      });

    await until(() => process.listenerCount("uncaughtExceptionMonitor") === watching + 1);
    // As Node emits it before an exception nobody caught ends the process (or Electron shows it).
    const emit = process.emit as (event: string, ...args: unknown[]) => boolean;
    emit.call(
      process,
      "uncaughtExceptionMonitor",
      new Error("the main process tripped"),
      "uncaughtException",
    );
    await expect
      .poll(() => logLines(userData).find((line) => line.msg === "fault"))
      .toMatchObject({
        level: "error",
        where: "main process",
        error: { message: "the main process tripped" },
      });

    double.app.emit("will-quit", new RecordingEvent());
    await until(() => double.app.quitCalls > 0);
    expect(process.listenerCount("uncaughtExceptionMonitor")).toBe(watching);
  });
});
