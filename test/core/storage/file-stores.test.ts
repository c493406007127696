// The CLI's on-disk stores: owner-only permissions, whole-file atomic replacement, schema on read.
import { readFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { writeFileAtomic } from "../../../src/core/storage/atomic-file.ts";
import { createFileSecretStore } from "../../../src/core/storage/file-secret-store.ts";
import { createJsonFileStore } from "../../../src/core/storage/json-file-store.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "stores-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const permissions = async (path: string) => (await stat(path)).mode & 0o777;

describe("file secret store", () => {
  it("keeps, returns and forgets secrets", async () => {
    const store = createFileSecretStore(join(dir, "secrets", "secrets.json"));
    expect(await store.get("token")).toBeNull();
    await store.set("token", "t-1");
    await store.set("credential", "pw");
    await store.set("token", "t-2");
    await store.delete("credential");
    expect(await store.get("token")).toBe("t-2");
    expect(await store.get("credential")).toBeNull();
    // A second store over the same file sees the same secrets: they survive a restart.
    expect(await createFileSecretStore(join(dir, "secrets", "secrets.json")).get("token")).toBe("t-2");
  });

  it("makes the file 0600 and its directory 0700, tightening a directory that was open", async () => {
    const secretsDir = join(dir, "secrets");
    await mkdir(secretsDir, { mode: 0o755 });
    await chmod(secretsDir, 0o755);
    const store = createFileSecretStore(join(secretsDir, "secrets.json"));
    await store.set("token", "t");
    expect(await permissions(join(secretsDir, "secrets.json"))).toBe(0o600);
    expect(await permissions(secretsDir)).toBe(0o700);
  });

  it("loses no change when several are made at once, and leaves no temporary file", async () => {
    const store = createFileSecretStore(join(dir, "s", "secrets.json"));
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.set(`name-${i}`, `value-${i}`)));
    for (let i = 0; i < 20; i++) expect(await store.get(`name-${i}`)).toBe(`value-${i}`);
    expect(await readdir(join(dir, "s"))).toEqual(["secrets.json"]);
  });
});

describe("atomic writes", () => {
  it("never lets a reader see a half-written file", async () => {
    const file = join(dir, "big.json");
    const body = (n: number) => JSON.stringify({ n, filler: "x".repeat(512 * 1024) });
    await writeFileAtomic(file, body(0), 0o600);
    let writing = true;
    const writes = (async () => {
      for (let n = 1; n <= 15; n++) await writeFileAtomic(file, body(n), 0o600);
      writing = false;
    })();
    let reads = 0;
    // Synchronous reads, so each one sees the file at one instant between two write steps.
    while (writing) {
      expect(() => JSON.parse(readFileSync(file, "utf8"))).not.toThrow();
      reads++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await writes;
    expect(reads).toBeGreaterThan(0);
    expect(JSON.parse(await readFile(file, "utf8")).n).toBe(15);
  });

  it("leaves the old content and no temporary file when the replace fails", async () => {
    const target = join(dir, "taken");
    await mkdir(target);
    await writeFile(join(target, "keep"), "x");
    // Renaming a file over a non-empty directory fails.
    await expect(writeFileAtomic(target, "new", 0o600)).rejects.toThrow();
    expect(await readdir(dir)).toEqual(["taken"]);
    expect(await readFile(join(target, "keep"), "utf8")).toBe("x");
  });
});

describe("JSON settings store", () => {
  const schema = z.object({ name: z.string(), count: z.number() });

  it("round-trips a value, reads nothing when absent, and clears", async () => {
    const store = createJsonFileStore(join(dir, "nested", "settings.json"), schema);
    expect(await store.read()).toBeNull();
    await store.write({ name: "till 1", count: 2 });
    expect(await store.read()).toEqual({ name: "till 1", count: 2 });
    expect(await permissions(join(dir, "nested", "settings.json"))).toBe(0o600);
    await store.clear();
    expect(await store.read()).toBeNull();
  });

  it("treats a damaged or foreign file as absent", async () => {
    const file = join(dir, "settings.json");
    const store = createJsonFileStore(file, schema);
    await writeFile(file, "{ not json");
    expect(await store.read()).toBeNull();
    await writeFile(file, JSON.stringify({ name: "x" }));
    expect(await store.read()).toBeNull();
  });

  it("sees what another store (another process) wrote, and does not re-read an unchanged file", async () => {
    const file = join(dir, "settings.json");
    const mine = createJsonFileStore(file, schema);
    const theirs = createJsonFileStore(file, schema);
    await mine.write({ name: "till 1", count: 1 });
    expect(await mine.read()).toEqual({ name: "till 1", count: 1 });
    await theirs.write({ name: "till 2", count: 2 });
    expect(await mine.read()).toEqual({ name: "till 2", count: 2 });

    // Same inode, size and modification time: the parsed value is reused, the file not read again.
    const instant = new Date("2026-01-01T00:00:00Z");
    await utimes(file, instant, instant);
    expect(await mine.read()).toEqual({ name: "till 2", count: 2 });
    await writeFile(file, JSON.stringify({ name: "till 3", count: 3 }, null, 2));
    await utimes(file, instant, instant);
    expect(await mine.read()).toEqual({ name: "till 2", count: 2 });
  });

  it("refuses to write a value that breaks its schema", async () => {
    const store = createJsonFileStore(join(dir, "settings.json"), schema);
    await expect(store.write({ name: "x", count: "2" } as never)).rejects.toThrow();
    expect(await store.read()).toBeNull();
  });
});
