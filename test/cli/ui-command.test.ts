// `npm run ui` as a person runs it: a child process that prints an address, serves the screens and
// the catalog behind the run's secret, and stops cleanly on Ctrl-C.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const uiPath = fileURLToPath(new URL("../../src/cli/ui.ts", import.meta.url));

describe("npm run ui", () => {
  it("serves the screens and the catalog at the printed address, and stops on Ctrl-C", async () => {
    const child = spawn(process.execPath, [uiPath, "--products", "200"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    try {
      const lines = createInterface({ input: child.stdout });
      let url = "";
      for await (const line of lines) {
        const found = /^\s+(http:\/\/127\.0\.0\.1:\d+\/#bridge=\S+)$/.exec(line);
        if (found?.[1]) {
          url = found[1];
          break;
        }
      }
      expect(url, stderr).not.toBe("");
      const { origin, hash } = new URL(url);
      const secret = new URLSearchParams(hash.slice(1)).get("bridge");
      const html = await (await fetch(`${origin}/`)).text();
      expect(html).toContain("bridge-client.js");
      const call = (authorization: string) =>
        fetch(`${origin}/ipc/catalog:settings`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization },
          body: JSON.stringify({ argument: null }),
        });
      expect((await call("Bearer not-the-secret")).status).toBe(401);
      const settings = await (await call(`Bearer ${secret}`)).json();
      expect(settings).toMatchObject({
        ok: true,
        value: { baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/) },
      });
    } finally {
      child.kill("SIGINT");
    }
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
  });

  it("refuses a bad flag with the usage line", async () => {
    const child = spawn(process.execPath, [uiPath, "--products", "lots"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const [code] = await once(child, "exit");
    expect(code).toBe(2);
    expect(stderr).toContain('--products must be a whole number from 50 to 1000000, not "lots".');
    expect(stderr).toContain("usage: npm run ui");
  });
});
