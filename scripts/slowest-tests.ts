// The ten slowest test files of a vitest run, from its JSON report:
//   npx vitest run --reporter=json --outputFile=/tmp/tests.json; node scripts/slowest-tests.ts /tmp/tests.json
// (docs/development.md lists them, with how long `npm test` takes in all).
import { readFileSync } from "node:fs";
import { relative } from "node:path";

interface Report {
  numTotalTests: number;
  numPendingTests: number;
  testResults: { name: string; startTime: number; endTime: number }[];
}

const file = process.argv[2];
if (file === undefined) {
  console.error("usage: node scripts/slowest-tests.ts REPORT.json (vitest's --reporter=json output)");
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, "utf8")) as Report;
const files = report.testResults
  .map((result) => ({
    name: relative(process.cwd(), result.name),
    seconds: (result.endTime - result.startTime) / 1000,
  }))
  .sort((a, b) => b.seconds - a.seconds);
console.log(`${report.numTotalTests} tests in ${files.length} files, ${report.numPendingTests} skipped`);
for (const { name, seconds } of files.slice(0, 10))
  console.log(`${seconds.toFixed(1).padStart(6)} s  ${name}`);
