// axe-core run inside a page of the end-to-end tests: its violations as lines a failing test can show,
// each with the elements it found them on.
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource: string = createRequire(import.meta.url)("axe-core").source;

type Impact = "minor" | "moderate" | "serious" | "critical";
const impacts: readonly Impact[] = ["minor", "moderate", "serious", "critical"];

/** The page's violations of at least the given impact (all of them unless told), as "rule: targets". */
export async function axeViolations(page: Page, least: Impact = "minor"): Promise<string[]> {
  // Half a megabyte of script: parsed once a document, not once a check (a tour checks dozens of screens).
  const loaded = await page.evaluate(() => "axe" in globalThis);
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(): Promise<{
            violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[];
          }>;
        };
      }
    ).axe;
    return (await axe.run()).violations;
  });
  const floor = impacts.indexOf(least);
  return violations
    .filter((violation) => impacts.indexOf((violation.impact ?? "minor") as Impact) >= floor)
    .map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
}
