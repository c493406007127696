import { describe, expect, it } from "vitest";
import { trustedSender } from "../../../src/core/ipc/trusted-sender.ts";

describe("trustedSender", () => {
  const packaged = trustedSender("file:///opt/app/resources/out/renderer/index.html");
  const dev = trustedSender("http://localhost:5173/");

  it("accepts the app's own page, with any query or hash", () => {
    expect(packaged("file:///opt/app/resources/out/renderer/index.html")).toBe(true);
    expect(packaged("file:///opt/app/resources/out/renderer/index.html#/scan?x=1")).toBe(true);
    expect(dev("http://localhost:5173/")).toBe(true);
    expect(dev("http://localhost:5173/settings")).toBe(true);
    expect(dev("http://localhost:5173")).toBe(true);
  });

  it.each([
    "file:///opt/app/resources/out/renderer/other.html",
    "file:///tmp/index.html",
    "file://evil/opt/app/resources/out/renderer/index.html",
    "http://localhost:5173/",
    "https://example.com/",
    "data:text/html,hello",
    "about:blank",
    "null",
    "",
    "not a url",
  ])("refuses %s for the packaged page", (url) => {
    expect(packaged(url)).toBe(false);
  });

  it.each([
    "http://localhost:5174/",
    "https://localhost:5173/",
    "http://127.0.0.1:5173/",
    "http://localhost.evil.com:5173/",
    "http://localhost:5173@evil.com/",
    "file:///index.html",
    "blob:http://localhost:5173/uuid",
    "null",
  ])("refuses %s for the dev server page", (url) => {
    expect(dev(url)).toBe(false);
  });

  it("refuses a missing sender", () => {
    expect(dev(null)).toBe(false);
    expect(dev(undefined)).toBe(false);
  });
});
