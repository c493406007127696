// The desktop app's catalog service writing the till's log over a whole session against the
// reference service: start, sign-in, the background sync and one asked for, the picture run, a
// settings change, a damaged catalog, going offline, a failed sync and sign-out; every line is
// searched for the password, the API key and the token.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { catalogFileFor } from "../../../src/core/catalog/catalog-store.ts";
import { openCatalogLog } from "../../../src/core/logging/open-catalog-log.ts";
import { startService } from "../../../src/server/service.ts";
import { openTestService, signInDemoService, syncsSettled } from "../../support/catalog-service-fixtures.ts";
import { damageMiddle } from "../../support/damage-file.ts";
import { logLines } from "../../support/log-lines.ts";
import { tempDir } from "../../support/service-fixtures.ts";

vi.setConfig({ testTimeout: 90_000 });

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// The catalog's size plays no part: a few products with pictures give every event its line, and
// each is synced, downloaded and drawn on the cores the other test files share.
const products = 80;

describe("the catalog service's log", () => {
  it("has a line for each event of a session, with counts and errors in words, and no secret", async () => {
    const running = await startService({ port: 0, demoProducts: products, seed: 39 });
    cleanups.push(() => running.close().catch(() => undefined));
    const made = await tempDir();
    cleanups.push(made.remove);
    const dir = made.path;
    const opened = await openCatalogLog({ dataDir: dir, level: "info" }, { app: "test", version: "1.2.3" });
    const test = openTestService(dir, { log: opened.log });
    await test.service.start();
    await signInDemoService(test.service, running, true);
    await syncsSettled(test);
    await test.service.startSync({ mode: "full" });
    await syncsSettled(test);
    await test.service.changeSettings({
      syncIntervalMinutes: 30,
      images: { enabled: false, capMegabytes: 500 },
    });
    const token = JSON.stringify(JSON.parse(readFileSync(join(dir, "secrets", "secrets.json"), "utf8")));
    // Damaged, then found so by the next sync, which downloads it again.
    await test.service.close();
    damageMiddle(catalogFileFor(dir, running.demo.accountId));
    const again = openTestService(dir, { log: opened.log });
    await again.service.start();
    await syncsSettled(again);
    await running.close();
    await expect(again.service.startSync({ mode: "incremental" })).rejects.toMatchObject({ kind: "offline" });
    await again.service.signOut();
    await again.service.close();
    await opened.close();

    const lines = logLines(dir);
    const named = (msg: string) => lines.filter((line) => line.msg === msg);
    expect(named("started")).toEqual([expect.objectContaining({ app: "test", version: "1.2.3" })]);
    expect(named("signed in")).toEqual([
      expect.objectContaining({
        who: running.demo.username,
        account: running.demo.accountId,
        remembered: true,
      }),
    ]);
    const finished = named("sync finished");
    expect(finished.length).toBeGreaterThanOrEqual(3);
    expect(finished[1]).toMatchObject({ mode: "full", received: products, durationMs: expect.any(Number) });
    expect(named("pictures done")[0]).toMatchObject({ cancelled: expect.any(Boolean) });
    expect(named("settings changed")).toEqual([
      expect.objectContaining({ changed: ["syncIntervalMinutes", "images"] }),
    ]);
    expect(named("catalog damaged")).toEqual([
      expect.objectContaining({ level: "error", message: expect.stringMatching(/damaged/) }),
    ]);
    expect(named("catalog usable again")).toHaveLength(1);
    expect(named("sync failed").at(-1)).toMatchObject({ level: "warn", error: { kind: "offline" } });
    expect(named("offline").length).toBeGreaterThan(0);
    expect(named("signed out")).toHaveLength(1);

    const raw = JSON.stringify(lines);
    for (const secret of [running.demo.password, running.demo.apiKey]) expect(raw).not.toContain(secret);
    for (const secret of token.match(/[A-Za-z0-9._-]{16,}/g) ?? []) expect(raw).not.toContain(secret);
  });
});
