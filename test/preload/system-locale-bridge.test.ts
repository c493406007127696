// window.tillLocale: the system's language the shell hands its sandboxed preload as an argument.
import { describe, expect, it } from "vitest";
import { exposeSystemLocale } from "../../src/preload/system-locale-bridge.ts";

function expose(argv: string[]): Map<string, unknown> {
  const exposed = new Map<string, unknown>();
  exposeSystemLocale({ exposeInMainWorld: (key, api) => exposed.set(key, api) }, argv);
  return exposed;
}

describe("system locale bridge", () => {
  it("hands the page the locale the shell passed", () => {
    expect(expose(["electron", "--app-version=1.0.0", "--till-locale=pl-PL"]).get("tillLocale")).toBe(
      "pl-PL",
    );
  });

  it("hands nothing when the shell passed none, so the page follows the browser's languages", () => {
    expect(expose(["electron", "--app-version=1.0.0"]).size).toBe(0);
    expect(expose(["electron", "--till-locale="]).size).toBe(0);
  });
});
