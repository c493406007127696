// Writes src/shared/keyboard/keyboard-layouts.ts: for each keyboard layout a scanner may emulate or a
// till may use, what each physical key (KeyboardEvent.code) types with Shift and AltGr. Read from
// xkeyboard-config's symbol files (Debian's xkb-data, /usr/share/X11/xkb/symbols) and the keysym
// names' Unicode values in X11's keysymdef.h (Debian's x11proto-dev), so the table is derived, not
// typed by hand. Run `npm run keyboard-layouts` after either package changes, and commit the output.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";

const symbolsDir = process.env.XKB_SYMBOLS_DIR ?? "/usr/share/X11/xkb/symbols";
const keysymHeader = process.env.KEYSYMDEF_H ?? "/usr/include/X11/keysymdef.h";
const { values: options } = parseArgs({ options: { out: { type: "string" } } });
const output = options.out ?? new URL("../src/shared/keyboard/keyboard-layouts.ts", import.meta.url).pathname;

/** Each layout by the xkb name a till knows it by, with the variant the generator reads. */
const layouts: [id: string, file: string, variant: string | null][] = [
  ["us", "us", null],
  ["gb", "gb", null],
  ["ie", "ie", null],
  ["de", "de", null],
  ["at", "at", null],
  ["ch", "ch", null],
  ["ch-fr", "ch", "fr"],
  ["fr", "fr", null],
  ["be", "be", null],
  ["it", "it", null],
  ["es", "es", null],
  ["pt", "pt", null],
  ["nl", "nl", null],
  ["se", "se", null],
  ["no", "no", null],
  ["dk", "dk", null],
  ["fi", "fi", null],
  ["pl", "pl", null],
];

/** xkb's key names for the typing block, as KeyboardEvent.code names the same physical keys. */
const codeOfXkbKey: Record<string, string> = {
  TLDE: "Backquote",
  ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`AE0${i + 1}`, `Digit${i + 1}`])),
  AE10: "Digit0",
  AE11: "Minus",
  AE12: "Equal",
  ...Object.fromEntries(
    [..."QWERTYUIOP"].map((letter, i) => [`AD${String(i + 1).padStart(2, "0")}`, `Key${letter}`]),
  ),
  AD11: "BracketLeft",
  AD12: "BracketRight",
  ...Object.fromEntries([..."ASDFGHJKL"].map((letter, i) => [`AC0${i + 1}`, `Key${letter}`])),
  AC10: "Semicolon",
  AC11: "Quote",
  BKSL: "Backslash",
  AC12: "Backslash",
  ...Object.fromEntries([..."ZXCVBNM"].map((letter, i) => [`AB0${i + 1}`, `Key${letter}`])),
  AB08: "Comma",
  AB09: "Period",
  AB10: "Slash",
  LSGT: "IntlBackslash",
  SPCE: "Space",
};

function keysymCharacters(): Map<string, string> {
  const characters = new Map<string, string>();
  const define = /^#define XK_(\w+)\s+0x([0-9a-f]+)\s*(?:\/\*\s*\(?U\+([0-9A-F]{4,6}))?/iu;
  for (const line of readFileSync(keysymHeader, "utf8").split("\n")) {
    const match = define.exec(line);
    if (!match) continue;
    const [, name, value, unicode] = match as unknown as [string, string, string, string | undefined];
    const number = Number.parseInt(value, 16);
    // Keysyms up to 0xff are Latin-1 itself; dead keys and function keys type no character.
    const codePoint = unicode ? Number.parseInt(unicode, 16) : number <= 0xff ? number : null;
    if (codePoint !== null && !characters.has(name)) characters.set(name, String.fromCodePoint(codePoint));
  }
  return characters;
}

const keysyms = keysymCharacters();

/** The character a keysym types, or "" for none (a dead key, NoSymbol, a function keysym). */
function characterOf(keysym: string): string {
  if (/^U[0-9a-f]{4,6}$/iu.test(keysym)) return String.fromCodePoint(Number.parseInt(keysym.slice(1), 16));
  if (/^0x0*1[0-9a-f]{6}$/iu.test(keysym))
    return String.fromCodePoint(Number.parseInt(keysym, 16) - 0x1000000);
  return keysyms.get(keysym) ?? "";
}

type Levels = (string | undefined)[];

interface Section {
  name: string;
  isDefault: boolean;
  body: string;
}

function sectionsOf(file: string): Section[] {
  const source = readFileSync(join(symbolsDir, file), "utf8").replace(/\/\/.*$/gmu, "");
  const sections: Section[] = [];
  const header = /((?:\w+\s+)*)xkb_symbols\s+"([^"]+)"\s*\{/gu;
  for (let match = header.exec(source); match; match = header.exec(source)) {
    let depth = 1;
    let end = header.lastIndex;
    while (depth > 0 && end < source.length) {
      if (source[end] === "{") depth++;
      if (source[end] === "}") depth--;
      end++;
    }
    sections.push({
      name: match[2] as string,
      isDefault: /\bdefault\b/u.test(match[1] ?? ""),
      body: source.slice(header.lastIndex, end - 1),
    });
  }
  return sections;
}

/** A variant of a symbols file; without one, the file's default (marked so, else its first). */
function sectionOf(file: string, variant: string | null): Section {
  const sections = sectionsOf(file);
  const section =
    variant === null
      ? (sections.find((s) => s.isDefault) ?? sections[0])
      : sections.find((s) => s.name === variant);
  if (!section) throw new Error(`${file}(${variant}) not found in ${symbolsDir}`);
  return section;
}

/** The keys a section defines, its includes first (xkb's default merge: later levels override). */
function keysOf(file: string, variant: string | null): Map<string, Levels> {
  const section = sectionOf(file, variant);
  const keys = new Map<string, Levels>();
  const statement = /include\s+"([^"]+)"|key\s+<(\w+)>\s*\{([^}]*)\}/gu;
  for (let match = statement.exec(section.body); match; match = statement.exec(section.body)) {
    if (match[1] !== undefined) {
      for (const part of match[1].split("+")) {
        const included = /^([\w/]+)(?:\(([^)]+)\))?$/u.exec(part.trim());
        if (!included) continue;
        for (const [name, levels] of keysOf(included[1] as string, included[2] ?? null))
          merge(keys, name, levels);
      }
      continue;
    }
    const group =
      /symbols\[Group1\]\s*=\s*\[([^\]]*)\]/u.exec(match[3] as string) ??
      /\[([^\]]*)\]/u.exec(match[3] as string);
    if (!group) continue;
    merge(
      keys,
      match[2] as string,
      (group[1] as string).split(",").map((keysym) => keysym.trim()),
    );
  }
  return keys;
}

function merge(keys: Map<string, Levels>, name: string, levels: Levels): void {
  const merged = [...(keys.get(name) ?? [])];
  levels.forEach((keysym, level) => {
    if (keysym && keysym !== "NoSymbol") merged[level] = keysym;
  });
  keys.set(name, merged);
}

function tableOf(file: string, variant: string | null): Record<string, string[]> {
  const table: Record<string, string[]> = {};
  for (const [name, levels] of keysOf(file, variant)) {
    const code = codeOfXkbKey[name];
    if (code === undefined) continue;
    table[code] = [0, 1, 2, 3].map((level) => characterOf(levels[level] ?? ""));
  }
  return table;
}

function nameOf(file: string, variant: string | null): string {
  return /name\[Group1\]\s*=\s*"([^"]+)"/u.exec(sectionOf(file, variant).body)?.[1] ?? file;
}

/** A string literal as the formatter writes it (double quotes unless the text holds one). */
function literal(text: string): string {
  return text.includes('"') && !text.includes("'") ? `'${text}'` : JSON.stringify(text);
}

const lines = [
  "// Generated by scripts/generate-keyboard-layouts.ts from xkeyboard-config's symbol files and X11's",
  "// keysymdef.h: do not edit by hand. For each layout, what each physical key (KeyboardEvent.code)",
  '// types at its four levels: plain, Shift, AltGr, Shift+AltGr; "" where it types nothing (a dead key).',
  "",
  "export const keyboardLayouts = {",
];
for (const [id, file, variant] of layouts) {
  lines.push(
    `  ${/^\w+$/u.test(id) ? id : literal(id)}: {`,
    `    name: ${literal(nameOf(file, variant))},`,
    "    keys: {",
  );
  const table = tableOf(file, variant);
  for (const code of Object.keys(table).sort()) {
    lines.push(`      ${code}: [${(table[code] ?? []).map(literal).join(", ")}],`);
  }
  lines.push("    },", "  },");
}
lines.push(
  "} as const satisfies Record<string, { name: string; keys: Record<string, readonly string[]> }>;",
  "",
);
writeFileSync(output, lines.join("\n"));
console.log(`wrote ${layouts.length} layouts to ${output}`);
