// Downloaded bytes are judged by their signature: real image headers pass, anything else (an HTML error
// page, SVG, a truncated header, a RIFF that is not WebP) is refused.
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { imageKindOf } from "../../../src/core/images/image-kind.ts";

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === "string" ? Buffer.from(part, "latin1") : Buffer.from(part))),
  );

describe("image kind", () => {
  it.each([
    ["png", bytes([0x89], "PNG\r\n\x1a\n", deflateSync(Buffer.alloc(4)).toString("latin1"))],
    ["jpeg", bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF")],
    ["webp", bytes("RIFF", [0x10, 0, 0, 0], "WEBPVP8 ")],
    ["gif", bytes("GIF89a", [1, 0, 1, 0])],
    ["gif", bytes("GIF87a", [1, 0, 1, 0])],
  ])("recognises %s", (kind, data) => {
    expect(imageKindOf(data)).toBe(kind);
  });

  it.each([
    ["an HTML error page", bytes("<!doctype html><p>500</p>")],
    ["SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ["SVG after an XML declaration", bytes('<?xml version="1.0"?><svg/>')],
    ["a truncated PNG header", bytes([0x89], "PNG\r\n")],
    ["a RIFF that is not WebP", bytes("RIFF", [0x10, 0, 0, 0], "WAVEfmt ")],
    ["nothing", bytes()],
  ])("refuses %s", (_what, data) => {
    expect(imageKindOf(data)).toBeNull();
  });
});
