// CLI output arrives whole even when the reader is slow: a lookup answer far larger than a pipe's
// buffer, read through a pipe nobody drains for a while, must not be cut off at 64 KB. A reader that
// stops early (`| head`) ends the output quietly instead.
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type RunningService, startService } from "../../src/server/service.ts";
import { demoLoginArgs, runCli } from "../support/cli-process.ts";
import { adminApi, tempDir } from "../support/service-fixtures.ts";

const cliPath = fileURLToPath(new URL("../../src/cli/start.mjs", import.meta.url));
let service: RunningService;
let dir: Awaited<ReturnType<typeof tempDir>>;

// One till for both tests, signed in and synced once, with a family whose lookup answer is far larger
// than a pipe's buffer.
beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 50, seed: 3 });
  dir = await tempDir();
  const admin = await adminApi(service);
  const parent = await admin.createProduct({
    name: "Big family",
    type: "variant_product",
    barcode: "4006381333931",
  });
  const description = "A long description. ".repeat(800);
  for (let child = 0; child < 12; child++) {
    await admin.createProduct({
      name: `Big family member ${child}`,
      type: "variant",
      parent: parent.id,
      attributes: { Size: String(child) },
      description,
    });
  }
  const args = ["--data-dir", dir.path];
  expect((await runCli([...args, ...demoLoginArgs(service.demo)])).code).toBe(0);
  expect((await runCli([...args, "sync"])).code).toBe(0);
});
afterAll(async () => {
  await service.close();
  await dir.remove();
});

/** Runs the CLI with stdout read only after `waitMs`, the way a busy script reads a pipe. */
async function slowlyRead(args: string[], waitMs: number): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, [cliPath, ...args], { stdio: ["ignore", "pipe", "ignore"] });
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  await sleep(waitMs);
  let stdout = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    stdout += chunk;
  });
  return { code: await exited, stdout };
}

it("writes a lookup --json answer of several hundred KB whole through a slowly read pipe", async () => {
  const args = ["--data-dir", dir.path];
  const { code, stdout } = await slowlyRead([...args, "lookup", "4006381333931", "--json"], 1500);
  expect(code).toBe(0);
  expect(stdout.length).toBeGreaterThan(3 * 65_536);
  expect(JSON.parse(stdout).match.variants).toHaveLength(12);
});

it("stops quietly when the reader closes the pipe early, as `| head -1` does", async () => {
  const args = ["--data-dir", dir.path];
  const child = spawn(process.execPath, [cliPath, ...args, "search", "e", "--limit", "200"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Closed before the CLI has started, so its first write meets a pipe nobody reads any more.
  child.stdout.destroy();
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  expect(stderr).toBe("");
  expect(code).toBe(0);
});
