// The committed layout table is what the generator makes from xkeyboard-config today, and it holds
// the facts the scanner relies on. Regenerating needs Debian's xkb-data and x11proto-dev.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { characterOnLayout } from "../../../src/shared/keyboard/keystroke-reading.ts";

const symbols = "/usr/share/X11/xkb/symbols";
const keysymdef = "/usr/include/X11/keysymdef.h";
const sources = existsSync(join(symbols, "us")) && existsSync(keysymdef);
const committed = new URL("../../../src/shared/keyboard/keyboard-layouts.ts", import.meta.url);

describe("keyboard layout table", () => {
  it("puts the characters where each layout has them", () => {
    expect(characterOnLayout("fr", "Digit1", false, false)).toBe("&");
    expect(characterOnLayout("fr", "Digit1", true, false)).toBe("1");
    expect(characterOnLayout("fr", "KeyQ", false, false)).toBe("a");
    expect(characterOnLayout("de", "KeyY", false, false)).toBe("z");
    expect(characterOnLayout("de", "Slash", false, false)).toBe("-");
    expect(characterOnLayout("de", "KeyQ", false, true)).toBe("@");
    expect(characterOnLayout("ch", "Digit7", true, false)).toBe("/");
    expect(characterOnLayout("gb", "Digit2", true, false)).toBe('"');
    expect(characterOnLayout("us", "Quote", true, false)).toBe('"');
    // A dead key types nothing by itself.
    expect(characterOnLayout("de", "Backquote", false, false)).toBe("");
  });

  it.skipIf(!sources)("is what the generator makes from xkb-data and keysymdef.h", () => {
    const out = mkdtempSync(join(tmpdir(), "keyboard-layouts-"));
    try {
      const target = join(out, "keyboard-layouts.ts");
      const run = spawnSync(process.execPath, ["scripts/generate-keyboard-layouts.ts", "--out", target], {
        cwd: new URL("../../../", import.meta.url).pathname,
        encoding: "utf8",
      });
      expect(run.stderr).toBe("");
      expect(readFileSync(target, "utf8")).toBe(readFileSync(committed, "utf8"));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  if (!sources) {
    it.skip(
      `regenerating the table needs ${symbols} and ${keysymdef}: apt-get install -y xkb-data x11proto-dev`,
    );
  }
});
