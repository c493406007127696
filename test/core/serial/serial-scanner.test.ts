// The serial scanner over the real `serialport` package on a pair of real pseudo-terminals (socat).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type SerialScanner, startSerialScanner } from "../../../src/core/serial/serial-scanner.ts";
import { serialportAccess } from "../../../src/core/serial/serialport-access.ts";
import type { SerialCode, SerialStatus } from "../../../src/shared/serial/serial-events.ts";
import { type PtyPair, socat, socatMissing, startPtyPair } from "../../support/pty-pair.ts";
import { serialCodeMix } from "../../support/serial-code-mix.ts";

describe.runIf(socat !== undefined)("a serial scanner on a pseudo-terminal", () => {
  let dir: string;
  let pty: PtyPair;
  let scanner: SerialScanner;
  let codes: SerialCode[];
  let statuses: SerialStatus[];
  let dropped: string[];
  let clockMs: number;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "serial-"));
    pty = await startPtyPair(dir);
    codes = [];
    statuses = [];
    dropped = [];
    clockMs = 0;
    scanner = startSerialScanner({
      port: pty.port,
      baud: 9600,
      lineEnding: "any",
      open: serialportAccess.open,
      onCode: (code) => codes.push(code),
      onStatus: (status) => statuses.push(status),
      onDropped: (text) => dropped.push(text),
      retry: { firstMs: 20, longestMs: 200 },
      now: () => clockMs,
    });
    await vi.waitFor(() => expect(scanner.status().state).toBe("connected"));
  });

  afterEach(async () => {
    await scanner.stop();
    await pty.pull();
    rmSync(dir, { recursive: true, force: true });
  });

  it("hands on 200 codes with mixed line endings and AIM identifiers, in order", async () => {
    const mix = serialCodeMix(200);
    // Several codes in one write and codes split across writes, as a port's reads cut them.
    const stream = mix.map((entry) => entry.line).join("");
    for (let start = 0; start < stream.length; start += 37) pty.send(stream.slice(start, start + 37));
    await vi.waitFor(() => expect(codes).toHaveLength(200), { timeout: 10_000 });
    expect(codes).toEqual(mix.map(({ code, symbology }) => ({ code, symbology })));
    expect(dropped).toEqual([]);
  });

  it("says a pulled port is gone, opens it again when it is back, and loses no code sent after", async () => {
    pty.send("4006381333931\r");
    await vi.waitFor(() => expect(codes).toHaveLength(1));
    await pty.pull();
    await vi.waitFor(() => expect(scanner.status().state).toBe("disconnected"));
    await pty.plugIn();
    await vi.waitFor(() => expect(scanner.status().state).toBe("reconnected"), { timeout: 5000 });
    pty.send("]E05901234123457\r\n");
    await vi.waitFor(() => expect(codes).toHaveLength(2));
    expect(codes[1]).toEqual({ code: "5901234123457", symbology: "]E0" });
    expect(statuses.map((status) => status.state)).toEqual(["connected", "disconnected", "reconnected"]);
    expect(statuses[1]?.detail).not.toBeNull();
  });

  it("drops a code cut off by a disconnect and never hands it on", async () => {
    pty.send("]C1010952123454");
    await vi.waitFor(() => expect(scanner.status().state).toBe("connected"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await pty.pull();
    await vi.waitFor(() => expect(dropped).toEqual(["]C1010952123454"]));
    await pty.plugIn();
    await vi.waitFor(() => expect(scanner.status().state).toBe("reconnected"), { timeout: 5000 });
    pty.send("73513537\n");
    await vi.waitFor(() => expect(codes).toHaveLength(1));
    expect(codes).toEqual([{ code: "73513537", symbology: null }]);
  });

  it("drops the start of a code that nothing followed for over a second, not merging it into the next", async () => {
    pty.send("40063");
    await new Promise((resolve) => setTimeout(resolve, 100));
    clockMs += 1001;
    pty.send("5901234123457\r");
    await vi.waitFor(() => expect(codes).toHaveLength(1));
    expect(codes).toEqual([{ code: "5901234123457", symbology: null }]);
    expect(dropped).toEqual(["40063"]);
  });
});

if (socat === undefined) it.skip(`the serial scanner on a pseudo-terminal ${socatMissing}`, () => {});
