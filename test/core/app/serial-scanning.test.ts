// The catalog service running a serial scanner from its settings over the real `serialport` package
// on real pseudo-terminals (socat): started, moved to another port and stopped as the settings change,
// a port given at start (--serial) winning over them, its codes and states as the catalog's events
// through the IPC contract, and a code cut off by a pulled port written to the till's log.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type CatalogApp,
  openCatalog,
  openCatalogLog,
  serialportAccess,
} from "../../../src/core/app/index.ts";
import { createCatalogHandlers, forwardCatalogEvents } from "../../../src/core/ipc/catalog-handlers.ts";
import type { OpenedCatalogLog } from "../../../src/core/logging/open-catalog-log.ts";
import { eventChannel } from "../../../src/shared/ipc/catalog-channels.ts";
import { logLines } from "../../support/log-lines.ts";
import { type PtyPair, socat, socatMissing, startPtyPair } from "../../support/pty-pair.ts";

describe.runIf(socat !== undefined)("the catalog service's serial scanner", () => {
  let dir: string;
  let first: PtyPair;
  let second: PtyPair;
  let opened: OpenedCatalogLog;
  let service: CatalogApp;
  let sent: { channel: string; data: unknown }[];
  let stopEvents: () => void;

  async function open(port?: { port: string; baud: number }): Promise<void> {
    opened = openCatalogLog({ dataDir: join(dir, "data"), level: "info" });
    service = openCatalog({
      dataDir: join(dir, "data"),
      sync: "in-process",
      pictures: "in-process",
      probe: { intervalMs: 60_000 },
      log: opened.log,
      serial: { access: serialportAccess, ...(port ? { port } : {}) },
    });
    stopEvents = forwardCatalogEvents(service, (channel, data) => sent.push({ channel, data }));
    await service.start();
  }

  const events = (name: "serialCode" | "serialStatus") =>
    sent.filter((event) => event.channel === eventChannel(name)).map((event) => event.data);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "serial-service-"));
    [first, second] = await Promise.all([
      startPtyPair(join(dir)),
      startPtyPair(mkdtempSync(join(dir, "b-"))),
    ]);
    sent = [];
  });

  afterEach(async () => {
    stopEvents();
    await service.close();
    await opened.close();
    await first.pull();
    await second.pull();
    rmSync(dir, { recursive: true, force: true });
  });

  it("follows its settings: on, moved to another port, off; the page looks its codes up by their symbology", async () => {
    await open();
    expect(await service.serialStatus()).toEqual({ state: "off", port: null, detail: null });
    await service.changeSettings({ serialScanner: { port: first.port, baud: 9600, lineEnding: "cr" } });
    await vi.waitFor(() =>
      expect(events("serialStatus")).toContainEqual({ state: "connected", port: first.port, detail: null }),
    );
    first.send("]C110LOT7\r");
    await vi.waitFor(() => expect(events("serialCode")).toEqual([{ code: "10LOT7", symbology: "]C1" }]));
    // The event is what the page hands to its lookup: the contract takes it as it is (this till holds
    // no catalog yet, so the answer says so; the end-to-end test looks codes up in a synced one).
    const handlers = createCatalogHandlers(service, { isTrustedSender: () => true });
    expect(await handlers.lookup(events("serialCode")[0], "app://page")).toMatchObject({
      ok: false,
      error: { kind: "sign-in-required" },
    });

    await service.changeSettings({ serialScanner: { port: second.port, baud: 19200, lineEnding: "lf" } });
    await vi.waitFor(async () => expect((await service.serialStatus()).state).toBe("connected"));
    expect((await service.serialStatus()).port).toBe(second.port);
    first.send("4006381333931\r");
    second.send("5901234123457\n");
    await vi.waitFor(() => expect(events("serialCode")).toHaveLength(2));
    expect(events("serialCode")[1]).toEqual({ code: "5901234123457", symbology: null });

    await service.changeSettings({ serialScanner: { port: null, baud: 9600, lineEnding: "any" } });
    expect(await service.serialStatus()).toEqual({ state: "off", port: null, detail: null });
    expect(Array.isArray(await service.serialPorts())).toBe(true);
  });

  it("takes the port it was given at start over the settings', and logs a code cut off by a pull", async () => {
    await open({ port: second.port, baud: 9600 });
    await service.changeSettings({ serialScanner: { port: first.port, baud: 9600, lineEnding: "any" } });
    await vi.waitFor(async () =>
      expect(await service.serialStatus()).toMatchObject({ state: "connected", port: second.port }),
    );
    second.send("]E0400638");
    await new Promise((resolve) => setTimeout(resolve, 100));
    await second.pull();
    await vi.waitFor(async () => expect((await service.serialStatus()).state).toBe("disconnected"));
    expect(events("serialCode")).toEqual([]);
    await service.close();
    await opened.close();
    const lines = logLines(join(dir, "data"));
    expect(lines).toContainEqual(expect.objectContaining({ msg: "serial code dropped", text: "]E0400638" }));
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: "serial scanner disconnected", port: second.port }),
    );
  });
});

if (socat === undefined) it.skip(`the catalog service's serial scanner ${socatMissing}`, () => {});
