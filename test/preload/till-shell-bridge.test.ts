// window.tillApp: only in kiosk mode, and then one function that asks the shell to quit.
import { describe, expect, it } from "vitest";
import { exposeTillShell } from "../../src/preload/till-shell-bridge.ts";
import { kioskArgument, type TillShell, tillQuitChannel } from "../../src/shared/ipc/till-shell.ts";

function expose(argv: string[]) {
  const exposed = new Map<string, unknown>();
  const invoked: unknown[][] = [];
  exposeTillShell(
    { exposeInMainWorld: (key, api) => exposed.set(key, api) },
    {
      async invoke(...args) {
        invoked.push(args);
        return true;
      },
    },
    argv,
  );
  return { exposed, invoked };
}

describe("till shell bridge", () => {
  it("gives a kiosk's page a frozen object whose quit asks the shell on its one channel", async () => {
    const { exposed, invoked } = expose(["electron", "--app-version=1.0.0", kioskArgument]);
    expect([...exposed.keys()]).toEqual(["tillApp"]);
    const shell = exposed.get("tillApp") as TillShell;
    expect(Object.isFrozen(shell)).toBe(true);
    expect(shell.kiosk).toBe(true);
    await expect(shell.quit()).resolves.toBeUndefined();
    expect(invoked).toEqual([[tillQuitChannel]]);
  });

  it("exposes nothing outside kiosk mode", () => {
    expect(expose(["electron", "--app-version=1.0.0", `${kioskArgument}=no`]).exposed.size).toBe(0);
  });
});
