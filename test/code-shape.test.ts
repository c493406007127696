// The shape of the source that the linter cannot see: no module imports itself back through others
// (a circle makes load order matter and hides which file is the top), and the catalog's front door
// (src/core/app) stays made of files short enough to read at once.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".d.ts"))
    .map((file) => join(dir, file));
}

/** Each file's relative imports and re-exports, types included, resolved to files of the tree. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const specifier = /^\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.{1,2}\/[^"?]+)"/gms;
  return new Map(
    files.map((file) => {
      const text = readFileSync(join(root, file), "utf8");
      const targets = [...text.matchAll(specifier)].map((match) =>
        relative(root, resolve(root, dirname(file), match[1] as string)),
      );
      return [file, targets.filter((target) => known.has(target))];
    }),
  );
}

function importCircles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const circles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") circles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return circles;
}

describe("the shape of the source", () => {
  it("finds a circle when there is one", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(importCircles(graph)).toEqual([["a.ts", "b.ts", "c.ts", "a.ts"]]);
  });

  it("has no import circle anywhere in src (src/shared/barcode included), types counted", () => {
    const files = sourceFiles("src");
    expect(files).toContain(join("src", "shared", "barcode", "scan-reading.ts"));
    expect(importCircles(importGraph(files))).toEqual([]);
  });

  it("keeps every file of the front door (src/core/app) within 330 lines", () => {
    const long = sourceFiles(join("src", "core", "app"))
      .map((file) => ({ file, lines: readFileSync(join(root, file), "utf8").split("\n").length }))
      .filter(({ lines }) => lines > 330);
    expect(long).toEqual([]);
  });
});
