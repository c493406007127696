// Folders made one level at a time: nested ones, one already there, a file in the way, and a place
// where no folder can be made (/proc), which must fail at once instead of spinning.
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeDirectory } from "../../../src/core/storage/make-directory.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "make-directory-"));
  dirs.push(dir);
  return dir;
}

describe("makeDirectory", () => {
  it("makes every missing folder, with the mode asked for, and accepts one already there", () => {
    const deep = join(scratch(), "a", "b", "c");
    makeDirectory(deep, 0o700);
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(statSync(deep).mode & 0o777).toBe(0o700);
    expect(() => makeDirectory(deep)).not.toThrow();
  });

  it("fails with the file system's own error when a file is in the way", () => {
    const file = join(scratch(), "taken");
    writeFileSync(file, "");
    expect(() => makeDirectory(file)).toThrow(expect.objectContaining({ code: "EEXIST" }));
    expect(() => makeDirectory(join(file, "inside"))).toThrow(expect.objectContaining({ code: "ENOTDIR" }));
  });

  it.runIf(existsSync("/proc/self"))("fails at once where no folder can be made", () => {
    expect(() => makeDirectory("/proc/self/not-here/catalogs")).toThrow(
      expect.objectContaining({ code: "ENOENT" }),
    );
  });
});
