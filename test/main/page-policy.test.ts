// The app page's Content-Security-Policy: only its own scripts, no eval, no network from the page
// (it reaches the catalog through window.catalog), no plugins, no base or form redirection.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const html = readFileSync(new URL("../../src/renderer/index.html", import.meta.url), "utf8");

function policy(): Map<string, string[]> {
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/u.exec(html);
  if (meta === null) throw new Error("src/renderer/index.html has no Content-Security-Policy");
  const directives = (meta[1] as string).split(";").map((part) => part.trim().split(/\s+/u));
  return new Map(directives.map(([name, ...sources]) => [name as string, sources]));
}

describe("the app page's Content-Security-Policy", () => {
  it("allows only the page's own scripts, never inline or eval", () => {
    expect(policy().get("default-src")).toEqual(["'self'"]);
    expect(policy().get("script-src")).toEqual(["'self'"]);
  });

  it("lets the page open no connection, load no plugin, and move neither its base nor its forms", () => {
    for (const directive of ["connect-src", "object-src", "base-uri", "form-action"]) {
      expect(policy().get(directive), directive).toEqual(["'none'"]);
    }
  });
});
