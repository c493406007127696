// `diagnose` as a shop runs it: one zip holding the status, the settings without secrets, the last
// log files, the catalog check, the versions and the free disk space; opened here with fflate and
// searched for the password, the API key and the token: none.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { cliFixture } from "../support/cli-fixture.ts";
import { demoLoginArgs, runCli } from "../support/cli-process.ts";

vi.setConfig({ testTimeout: 90_000 });

const fixture = cliFixture({ demoProducts: 150, seed: 38 });
const newDir = fixture.newDir;

describe("diagnose", () => {
  it("writes one zip with every part and no secret", async () => {
    const service = fixture.service();
    const dir = await newDir();
    const out = join(await newDir(), "till-7.zip");
    const cli = (...args: string[]) => runCli(["--data-dir", dir, ...args]);
    expect((await cli(...demoLoginArgs(service.demo), "--remember")).code).toBe(0);
    expect((await cli("sync")).code).toBe(0);
    const diagnose = await cli("diagnose", "--out", out);
    expect(diagnose.code, diagnose.stderr).toBe(0);
    expect(diagnose.stdout).toBe(
      `Saved the diagnostics file as ${out}. Send it to whoever looks after this till.\n`,
    );

    const zip = unzipSync(readFileSync(out));
    const json = (name: string) => JSON.parse(strFromU8(zip[name] as Uint8Array));
    expect(json("status.json")).toMatchObject({
      session: "signed-in",
      account: { id: service.demo.accountId },
    });
    expect(json("settings.json")).toMatchObject({
      logLevel: "info",
      updates: { feedUrl: null, quietHour: "03:00" },
    });
    expect(json("catalog-check.json")).toMatchObject({ problem: null });
    expect(json("about.json").versions).toMatchObject({
      app: expect.stringMatching(/^pos-catalog \d/),
      node: process.versions.node,
      sqlite: expect.stringMatching(/^3\.\d+/),
      os: expect.any(String),
    });
    expect(json("disk.json").freeBytes).toBeGreaterThan(0);
    const logs = Object.keys(zip).filter((name) => name.startsWith("logs/catalog."));
    expect(logs.length).toBeGreaterThan(0);
    expect(strFromU8(zip[logs[0] as string] as Uint8Array)).toContain('"msg":"sync finished"');

    const token = JSON.stringify(JSON.parse(readFileSync(join(dir, "secrets", "secrets.json"), "utf8")));
    const everything = Object.values(zip)
      .map((bytes) => strFromU8(bytes))
      .join("\n");
    for (const secret of [service.demo.password, service.demo.apiKey])
      expect(everything).not.toContain(secret);
    for (const secret of token.match(/[A-Za-z0-9._-]{16,}/g) ?? []) expect(everything).not.toContain(secret);
  });

  it("still writes the file on a till with no catalog, saying why the check could not run", async () => {
    const dir = await newDir();
    const out = join(await newDir(), "empty.zip");
    expect((await runCli(["--data-dir", dir, "diagnose", "--out", out])).code).toBe(0);
    const zip = unzipSync(readFileSync(out));
    expect(JSON.parse(strFromU8(zip["catalog-check.json"] as Uint8Array))).toMatchObject({
      error: { kind: "sign-in-required", message: expect.stringMatching(/no catalog on this till/) },
    });
  });

  it("says in words when the file cannot be saved there", async () => {
    const dir = await newDir();
    const result = await runCli([
      "--data-dir",
      dir,
      "diagnose",
      "--out",
      join(dir, "no-such-folder", "d.zip"),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/could not be saved as .*d\.zip: that folder does not exist\.\n$/);
    expect(readdirSync(dir)).not.toContain("no-such-folder");
  });
});
