// Settings → "Save a diagnostics file…" end to end in headless Chromium, through the browser bridge to
// the real catalog service: the zip it saves holds every part and no secret; and a fault of the page
// reaches the till's log over the contract.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type BrowserTill, startBrowserTill } from "../support/browser-till.ts";

let till: BrowserTill;
let page: Page;

beforeAll(async () => {
  till = await startBrowserTill({ demoProducts: 300, pageDir: inject("bridgePageDir") });
  page = till.page;
  const { demo, baseUrl } = till.upstream;
  await till.catalog.service.signInOrganisation({ ...demo, baseUrl, remember: true });
  await till.catalog.service.startSync({ mode: "full" }).catch(() => undefined);
}, 120_000);

afterAll(async () => {
  await till?.close();
});

describe("the diagnostics file from Settings, in a browser", () => {
  it("is saved through the catalog, named on screen, and holds each part and no secret", async () => {
    await page
      .getByRole("navigation")
      .getByRole("button", { name: /Settings/ })
      .click();
    await page.getByRole("button", { name: "Save a diagnostics file…" }).click();
    const said = page.getByText(/^Saved as .*\.zip\. Send it to whoever looks after this till\.$/);
    await said.waitFor({ timeout: 20_000 });
    const file = /^Saved as (.*\.zip)\./.exec((await said.textContent()) ?? "")?.[1] as string;

    const zip = unzipSync(readFileSync(file));
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining([
        "about.json",
        "status.json",
        "settings.json",
        "catalog-check.json",
        "disk.json",
      ]),
    );
    expect(JSON.parse(strFromU8(zip["status.json"] as Uint8Array))).toMatchObject({ session: "signed-in" });
    expect(JSON.parse(strFromU8(zip["catalog-check.json"] as Uint8Array))).toMatchObject({ problem: null });
    expect(Object.keys(zip).some((name) => /^logs\/catalog\.\d+\.log$/.test(name))).toBe(true);

    const dataDir = dirname(dirname(file));
    const stored = readFileSync(join(dataDir, "secrets", "secrets.json"), "utf8");
    const everything = Object.values(zip)
      .map((bytes) => strFromU8(bytes))
      .join("\n");
    for (const secret of [till.upstream.demo.password, ...(stored.match(/[A-Za-z0-9._-]{16,}/g) ?? [])]) {
      expect(everything).not.toContain(secret);
    }
  });

  it("sends a fault of the page to the till's log", async () => {
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("a screen fell over on purpose");
      });
    });
    const said = await page.getByText(/^Saved as /).textContent();
    const dataDir = dirname(dirname(/^Saved as (.*\.zip)\./.exec(said ?? "")?.[1] as string));
    const logged = () =>
      readdirSync(join(dataDir, "logs"))
        .map((name) => readFileSync(join(dataDir, "logs", name), "utf8"))
        .join("");
    await expect.poll(logged, { timeout: 10_000 }).toContain('"message":"a screen fell over on purpose"');
  });
});
