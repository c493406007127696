// Finds the commands a document tells its reader to run: every `npm run SCRIPT -- ARGS` (and
// `npm test`, `npm start`), and every row of a table whose first column is headed "command" (the
// CLI's command table). Placeholders in capitals (COMMAND, FILE) and optional brackets are read as
// the reader would: `[--port P]` names the flag --port.

export interface NamedRun {
  /** Where it stands, for the failure message: "README.md:42". */
  where: string;
  script: string;
  /** The words after the script's own `--`, brackets removed. */
  args: string[];
}

export interface NamedCliCommand {
  where: string;
  /** The catalog CLI's command, or null for a placeholder such as COMMAND. */
  command: string | null;
  /** The flags given to that command (up to a `--` after it, past which words are values). */
  flags: string[];
}

const npmRun = /\bnpm (?:run(?: -s)? ([a-z][\w:-]*)|(test|start)\b)([^`\n|#]*)/gu;

export function namedRuns(file: string, text: string): NamedRun[] {
  const runs: NamedRun[] = [];
  text.split("\n").forEach((line, index) => {
    for (const match of line.matchAll(npmRun)) {
      const script = (match[1] ?? match[2]) as string;
      const words = (match[3] ?? "")
        .replace(/[[\]()]/gu, " ")
        .trim()
        .split(/\s+/u)
        .filter(Boolean);
      const separator = words.indexOf("--");
      runs.push({
        where: `${file}:${index + 1}`,
        script,
        args: separator === -1 ? [] : words.slice(separator + 1),
      });
    }
  });
  return runs;
}

/** The command and flags in the words given to the catalog CLI (`--data-dir DIR` and `--log-level LEVEL` are everyone's). */
export function cliCommandOf(where: string, args: string[]): NamedCliCommand {
  const words = [...args];
  while (words[0]?.startsWith("-")) words.splice(0, ["--data-dir", "--log-level"].includes(words[0]) ? 2 : 1);
  const [first, ...rest] = words;
  const command = first === undefined || !/^[a-z][a-z-]*$/u.test(first) ? null : first;
  const valuesFrom = rest.indexOf("--");
  const flagWords = valuesFrom === -1 ? rest : rest.slice(0, valuesFrom);
  return { where, command, flags: flagWords.filter((word) => /^--[a-z]/u.test(word)) };
}

/** The first cell of each row of every table headed `| command | …`, read as CLI words. */
export function commandTableRows(file: string, text: string): NamedCliCommand[] {
  const rows: NamedCliCommand[] = [];
  let inTable = false;
  text.split("\n").forEach((line, index) => {
    if (/^\|\s*command\s*\|/u.test(line)) inTable = true;
    else if (!line.startsWith("|")) inTable = false;
    else if (inTable && !/^\|\s*-/u.test(line)) {
      const cell = /^\|\s*`([^`]+)`/u.exec(line)?.[1];
      if (cell !== undefined) {
        const words = cell.replace(/[[\]]/gu, " ").trim().split(/\s+/u);
        rows.push(cliCommandOf(`${file}:${index + 1}`, words));
      }
    }
  });
  return rows;
}

/** Whether a source declares the option a `--flag` names, as a parseArgs option key. */
export function declaresOption(source: string, flag: string): boolean {
  const name = flag.replace(/^--/u, "");
  if (!/^[a-z][a-z0-9-]*$/u.test(name)) return false;
  return new RegExp(`(^|[\\s{,])(["']?)${name}\\2\\s*:`, "mu").test(source);
}
