// The README stays a short guide, and every relative link in it and in docs/ reaches a file that
// exists (a page moved or renamed breaks this test, not the reader's click).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const documents = [
  "README.md",
  "CHANGELOG.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/gu)]
    .map((match) => (match[1] as string).split("#")[0] as string)
    .filter((target) => target !== "" && !/^[a-z]+:/u.test(target));
}

describe("the documentation", () => {
  it("keeps the README a guide of under 250 lines", () => {
    expect(readFileSync(join(root, "README.md"), "utf8").split("\n").length).toBeLessThan(250);
  });

  it("links only to files that exist", () => {
    const broken = documents.flatMap((file) =>
      relativeLinks(readFileSync(join(root, file), "utf8"))
        .filter((target) => !existsSync(join(root, dirname(file), target)))
        .map((target) => `${file} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it("links from the README to every page in docs/", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const unlinked = documents
      .filter((file) => file.startsWith("docs/"))
      .filter((file) => !relativeLinks(readme).includes(file));
    expect(unlinked).toEqual([]);
  });
});
