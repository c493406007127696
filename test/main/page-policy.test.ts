// The app page's Content-Security-Policy: only its own scripts, no eval, no network from the page
// (it reaches the catalog through window.catalog), no plugins, no base or form redirection, and
// pictures from the page itself and the picture cache only (the app's scheme; the bridge's route).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pageHtml } from "../../src/bridge/page-html.ts";
import { appPictureAddress, pictureOrigin } from "../../src/shared/ipc/picture-address.ts";

const html = readFileSync(new URL("../../src/renderer/index.html", import.meta.url), "utf8");

function policy(page = html): Map<string, string[]> {
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/u.exec(page);
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

describe("where the pages may load pictures from", () => {
  it("the desktop page: itself, data: and exactly the picture cache's scheme and host", () => {
    expect(policy().get("img-src")).toEqual(["'self'", "data:", pictureOrigin]);
    expect(appPictureAddress("a".repeat(64)).startsWith(`${pictureOrigin}/`)).toBe(true);
    // No other directive names the scheme: it serves pictures, nothing else.
    for (const [directive, sources] of policy()) {
      if (directive !== "img-src") expect(sources, directive).not.toContain(pictureOrigin);
    }
  });

  it("the bridge's page: itself (its picture route) and data:, not the desktop scheme", () => {
    const bridged = policy(pageHtml(html));
    expect(bridged.get("img-src")).toEqual(["'self'", "data:"]);
    expect(bridged.get("connect-src")).toEqual(["'self'"]);
  });
});
