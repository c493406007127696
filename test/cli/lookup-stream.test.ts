// `catalog lookup --stream`, the price checker's loop, as a real child process after a real sync
// against the reference service: codes from standard input, and from a serial scanner on a real
// pseudo-terminal pair (socat) that is pulled and plugged in again while the command runs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningService, startService } from "../../src/server/service.ts";
import type { Product } from "../../src/shared/api/product.ts";
import { demoLoginArgs, runCli, startCli } from "../support/cli-process.ts";
import { type PtyPair, socat, socatMissing, startPtyPair } from "../support/pty-pair.ts";
import { adminApi, tempDir } from "../support/service-fixtures.ts";

let service: RunningService;
let dir: Awaited<ReturnType<typeof tempDir>>;
let codes: string[];
const cli = (...args: string[]) => runCli(["--data-dir", dir.path, ...args]);
const endings = ["\r", "\n", "\r\n"];

/** The demo's EAN-13 codes, an unknown code and a code with a wrong check digit, with and without ]E0. */
function codeMix(count: number): { line: string; code: string }[] {
  return Array.from({ length: count }, (_, index) => {
    const code =
      index % 10 === 7 ? "4006381333932" : index % 10 === 9 ? "2999999999997" : codes[index % codes.length];
    const aim = index % 3 === 0 ? "]E0" : "";
    return { line: `${aim}${code}${endings[index % endings.length]}`, code: code as string };
  });
}

beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 300, seed: 42 });
  dir = await tempDir();
  const live: Product[] = await (await adminApi(service)).liveRecords();
  codes = live.flatMap((product) =>
    /^\d{13}$/.test(product.barcode ?? "") ? [product.barcode as string] : [],
  );
  expect((await runCli(["--data-dir", dir.path, ...demoLoginArgs(service.demo)])).code).toBe(0);
  expect((await cli("sync")).code).toBe(0);
}, 60_000);
afterAll(async () => {
  await service.close();
  await dir.remove();
});

const answersOf = (stdout: string) =>
  stdout
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));

describe("lookup --stream from standard input", () => {
  it("answers 200 codes one JSON line each, in order, as lookup --json does, until the input ends", async () => {
    const mix = codeMix(200);
    const { child, done } = startCli(["--data-dir", dir.path, "lookup", "--stream"], {}, undefined, "pipe");
    // The last code has no line break: the end of the input ends it.
    child.stdin?.end(
      mix
        .map((entry) => entry.line)
        .join("")
        .trimEnd(),
    );
    const result = await done;
    expect(result.code).toBe(0);
    const answers = answersOf(result.stdout);
    expect(answers.map((answer) => answer.code.normalised)).toEqual(mix.map((entry) => entry.code));
    expect(answers.filter((answer) => answer.match !== null)).toHaveLength(160);
    expect(answers[0].code.symbologyId).toBe("]E0");
    for (const index of [1, 7, 9]) {
      const single = await cli("lookup", mix[index]?.line.trim() as string, "--json");
      expect(answers[index]).toEqual(JSON.parse(single.stdout));
    }
  });

  it("refuses a code after --stream, and --serial without --stream, with its usage", async () => {
    const both = await cli("lookup", "4006381333931", "--stream");
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--stream reads its codes from standard input or --serial");
    const serialAlone = await cli("lookup", "4006381333931", "--serial", "/dev/ttyACM0");
    expect(serialAlone.stderr).toContain("--serial goes with --stream.");
    const badRate = await cli("lookup", "--stream", "--serial", "/dev/ttyACM0:9601");
    expect(badRate.stderr).toContain("the rate must be one of 1200, 2400");
  });
});

describe.runIf(socat !== undefined)("lookup --stream --serial on a pseudo-terminal", () => {
  let ptyDir: string;
  let pty: PtyPair;

  beforeAll(async () => {
    ptyDir = mkdtempSync(join(tmpdir(), "serial-cli-"));
    pty = await startPtyPair(ptyDir);
  });
  afterAll(async () => {
    await pty.pull();
    rmSync(ptyDir, { recursive: true, force: true });
  });

  it("answers 200 codes, survives a pulled port without losing the code after it, drops a half line, stops on SIGTERM", async () => {
    const { child, done, output } = startCli([
      "--data-dir",
      dir.path,
      "lookup",
      "--stream",
      "--serial",
      `${pty.port}:9600`,
    ]);
    const stdout = () => output().stdout;
    const stderr = () => output().stderr;
    await vi.waitFor(() => expect(stderr()).toContain(`Serial scanner connected: ${pty.port}`), {
      timeout: 20_000,
    });
    const mix = codeMix(200);
    const stream = mix.map((entry) => entry.line).join("");
    for (let start = 0; start < stream.length; start += 61) pty.send(stream.slice(start, start + 61));
    await vi.waitFor(() => expect(answersOf(stdout())).toHaveLength(200), { timeout: 20_000 });
    expect(answersOf(stdout()).map((answer) => answer.code.normalised)).toEqual(
      mix.map((entry) => entry.code),
    );

    pty.send("]E0400638");
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pty.pull();
    await vi.waitFor(() => expect(stderr()).toContain(`Serial scanner disconnected: ${pty.port}`));
    await pty.plugIn();
    await vi.waitFor(() => expect(stderr()).toContain(`Serial scanner reconnected: ${pty.port}`), {
      timeout: 10_000,
    });
    pty.send(`]E0${codes[0]}\r\n`);
    await vi.waitFor(() => expect(answersOf(stdout())).toHaveLength(201));
    expect(answersOf(stdout())[200]).toMatchObject({ query: codes[0], code: { symbologyId: "]E0" } });
    expect(stderr()).toContain(
      'Dropped "]E0400638": the port went away before the code ended; scan it again.',
    );

    child.kill("SIGTERM");
    const result = await done;
    expect(result).toMatchObject({ code: 0, signal: null });
    expect(answersOf(result.stdout)).toHaveLength(201);
  }, 90_000);
});

if (socat === undefined) it.skip(`lookup --stream --serial ${socatMissing}`, () => {});
