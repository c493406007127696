// A record's `images` become the pictures to fetch: only http(s) URLs, a few keys, the screen's size marked.
import { describe, expect, it } from "vitest";
import { imageSourcesOf } from "../../../src/core/images/image-urls.ts";

const at = (path: string) => `https://img.example.com/${path}`;

describe("image sources of a record", () => {
  it("takes every size key, 2x for the screen", () => {
    expect(imageSourcesOf({ "2x": at("a-2x.png"), "1x": at("a-1x.png") })).toEqual([
      { sizeKey: "1x", url: at("a-1x.png"), screen: false },
      { sizeKey: "2x", url: at("a-2x.png"), screen: true },
    ]);
  });

  it("falls back to the largest density below 2x, else the smallest above, else the first name", () => {
    const screenOf = (images: object) => imageSourcesOf(images).find((source) => source.screen)?.sizeKey;
    expect(screenOf({ "1x": at("a"), "1.5x": at("b"), "3x": at("c") })).toBe("1.5x");
    expect(screenOf({ "3x": at("c"), "4x": at("d") })).toBe("3x");
    expect(screenOf({ thumb: at("t"), large: at("l") })).toBe("large");
    expect(screenOf({ "1x": null })).toBeUndefined();
  });

  it.each([
    ["javascript:alert(1)"],
    ["file:///etc/passwd"],
    ["data:image/png;base64,iVBORw0KGgo="],
    ["/relative/path.png"],
    ["https://user:secret@img.example.com/a.png"],
    [`https://img.example.com/${"a".repeat(2000)}`],
    [42],
    [{ url: "https://img.example.com/a.png" }],
  ])("refuses %s as a picture URL", (value) => {
    expect(imageSourcesOf({ "1x": value })).toEqual([]);
  });

  it("ignores what is not an object of size keys, and keeps at most four sizes", () => {
    expect(imageSourcesOf(null)).toEqual([]);
    expect(imageSourcesOf([at("a")])).toEqual([]);
    expect(imageSourcesOf("https://img.example.com/a.png")).toEqual([]);
    expect(imageSourcesOf({ "../x": at("a") })).toEqual([]);
    const many = Object.fromEntries(
      Array.from({ length: 50 }, (_, index) => [`${index + 1}x`, at(`${index}`)]),
    );
    expect(imageSourcesOf(many).map((source) => source.sizeKey)).toEqual(["1x", "2x", "3x", "4x"]);
  });
});
