// A serial scanner on a real pseudo-terminal pair (socat), read by the real catalog service behind the
// browser bridge, its codes reaching the page in headless Chromium and taking the scan pipeline: 200
// codes looked up in order and the last ones listed in the history as the serial scanner's, the port
// pulled and plugged in again (the status bar says so) without losing the code sent after, and a code
// cut off by the pull never looked up.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type BrowserTill, signInAndSync, startBrowserTill } from "../support/browser-till.ts";
import { type PtyPair, socat, socatMissing, startPtyPair } from "../support/pty-pair.ts";
import { serialCodeMix } from "../support/serial-code-mix.ts";

describe.runIf(socat !== undefined)("a serial scanner in the browser till", () => {
  let till: BrowserTill;
  let page: Page;
  let pty: PtyPair;
  let ptyDir: string;
  /** The codes the page asked the catalog to look up, in the order it asked. */
  const lookups: { code: string; symbology?: string }[] = [];

  beforeAll(async () => {
    ptyDir = mkdtempSync(join(tmpdir(), "serial-e2e-"));
    pty = await startPtyPair(ptyDir);
    till = await startBrowserTill({ demoProducts: 200, pageDir: inject("bridgePageDir") });
    page = till.page;
    page.on("request", (request) => {
      if (request.url().endsWith(encodeURIComponent("catalog:lookup"))) {
        lookups.push(JSON.parse(request.postData() ?? "null").argument);
      }
    });
    await signInAndSync(till);
    await till.catalog.service.changeSettings({
      serialScanner: { port: pty.port, baud: 9600, lineEnding: "any" },
    });
  }, 120_000);

  afterAll(async () => {
    await till?.close();
    await pty?.pull();
    rmSync(ptyDir, { recursive: true, force: true });
  });

  const statusBar = () => page.getByRole("region", { name: "Catalog status" });
  const history = () => page.getByRole("region", { name: "Recent scans" }).getByRole("button");

  it("looks up 200 codes with mixed endings and AIM identifiers in order, listed as the serial scanner's", async () => {
    await expect
      .poll(() => statusBar().textContent(), { timeout: 30_000 })
      .toContain(`Scanner on ${pty.port}`);
    const mix = serialCodeMix(200);
    const stream = mix.map((entry) => entry.line).join("");
    for (let start = 0; start < stream.length; start += 53) pty.send(stream.slice(start, start + 53));
    await expect.poll(() => lookups.length, { timeout: 30_000 }).toBe(200);
    expect(lookups).toEqual(
      mix.map(({ code, symbology }) => (symbology === null ? { code } : { code, symbology })),
    );
    const last = mix.at(-1)?.code.replaceAll("\x1d", "<GS>");
    await expect.poll(() => history().first().textContent(), { timeout: 30_000 }).toContain(last);
    const listed = await history().locator(".history-when").allTextContents();
    const lastCodes = mix.slice(-20).reverse();
    for (const [index, text] of listed.entries()) {
      expect(text).toContain(lastCodes[index]?.code.replaceAll("\x1d", "<GS>"));
      expect(text).toMatch(/ · serial scanner$/);
    }
    expect(till.pageErrors).toEqual([]);
  }, 60_000);

  it("says a pulled port is disconnected and reconnected, drops the code cut off, and reads the next", async () => {
    const before = lookups.length;
    pty.send("]E0400638");
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pty.pull();
    await expect
      .poll(() => statusBar().textContent(), { timeout: 30_000 })
      .toContain(`Scanner disconnected (${pty.port}): waiting for it to come back`);
    expect(await statusBar().locator(".serial-scanner").getAttribute("role")).toBe("alert");
    await pty.plugIn();
    await expect
      .poll(() => statusBar().textContent(), { timeout: 30_000 })
      .toContain(`Scanner reconnected (${pty.port})`);
    pty.send("]E04006381333931\r\n");
    await expect.poll(() => lookups.length, { timeout: 30_000 }).toBe(before + 1);
    expect(lookups.at(-1)).toEqual({ code: "4006381333931", symbology: "]E0" });
    await expect.poll(() => history().first().textContent()).toContain("4006381333931");
    expect(till.pageErrors).toEqual([]);
  }, 60_000);
});

if (socat === undefined) it.skip(`a serial scanner in the browser till ${socatMissing}`, () => {});
