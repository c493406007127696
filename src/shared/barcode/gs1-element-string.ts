// GS1 element strings as scanned from GS1-128, DataBar, DataMatrix or QR, or typed from the text
// under the bars: "(01)09521234543213(3103)000123" or the same without brackets, where a group
// separator (ASCII 29, FNC1 in the symbol) ends each variable-length field that is not last.
import {
  type AiDefinition,
  aiDefinition,
  type Decoded,
  type Gs1Data,
  type Gs1Failure,
  gs1Failure,
} from "./gs1-application-identifiers.ts";

export const GROUP_SEPARATOR = "\x1d";

interface Element {
  ai: string;
  value: string;
}

export type Gs1Result = { data: Gs1Data } | Gs1Failure;

/** Reads an element string, bracketed or not; today anchors the century of its dates. */
export function parseGs1ElementString(text: string, today: Date): Gs1Result {
  const elements = text.startsWith("(") ? splitBracketed(text) : splitUnbracketed(text);
  if (!Array.isArray(elements)) return elements;
  if (elements.length === 0) return gs1Failure("it holds no data");
  let data: Gs1Data = {};
  for (const element of elements) {
    const decoded = decodeElement(element, today);
    if ("reason" in decoded) return decoded;
    if (contradicts(data, decoded)) return gs1Failure(`(${element.ai}) contradicts a value given before it`);
    data = { ...data, ...decoded };
  }
  return { data };
}

function splitBracketed(text: string): Element[] | Gs1Failure {
  // Brackets already delimit the fields, so separators in typed text are noise.
  const parts = text.replaceAll(GROUP_SEPARATOR, "").split(/\((\d+)\)/);
  if (parts[0] !== "") return gs1Failure(`${text} does not start with an application identifier in brackets`);
  const elements: Element[] = [];
  for (let i = 1; i < parts.length; i += 2) {
    elements.push({ ai: parts[i] ?? "", value: parts[i + 1] ?? "" });
  }
  return elements;
}

function splitUnbracketed(text: string): Element[] | Gs1Failure {
  const elements: Element[] = [];
  // A leading separator is an FNC1 in first position that the scanner passed on.
  let position = text.startsWith(GROUP_SEPARATOR) ? 1 : 0;
  while (position < text.length) {
    const found = aiAt(text, position);
    if (found === null) {
      return gs1Failure(`"${text.slice(position, position + 4)}" does not start an application identifier`);
    }
    const start = position + found.ai.length;
    const end = fieldEnd(text, start, found.definition);
    elements.push({ ai: found.ai, value: text.slice(start, end) });
    position = text[end] === GROUP_SEPARATOR ? end + 1 : end;
  }
  return elements;
}

function aiAt(text: string, position: number): { ai: string; definition: AiDefinition } | null {
  // No AI is the beginning of another, so the first length that names one is the one.
  for (const length of [2, 3, 4]) {
    const ai = text.slice(position, position + length);
    const definition = aiDefinition(ai);
    if (definition !== undefined) return { ai, definition };
  }
  return null;
}

function fieldEnd(text: string, start: number, definition: AiDefinition): number {
  if (definition.fixedLength) return Math.min(start + definition.length, text.length);
  const separator = text.indexOf(GROUP_SEPARATOR, start);
  return separator === -1 ? text.length : separator;
}

const charsets = {
  digits: /^\d*$/,
  // GS1's character set 82: ! " % & ' ( ) * + , - . / 0-9 : ; < = > ? A-Z _ a-z
  cset82: /^[!"%-?A-Z_a-z]*$/,
};

function decodeElement({ ai, value }: Element, today: Date): Decoded {
  const definition = aiDefinition(ai);
  if (definition === undefined) return gs1Failure(`(${ai}) is not an application identifier this till knows`);
  const lengthProblem = checkLength(ai, value, definition);
  if (lengthProblem !== null) return gs1Failure(lengthProblem);
  if (!charsets[definition.charset].test(value)) {
    return gs1Failure(
      definition.charset === "digits"
        ? `(${ai}) may only contain digits, not "${value}"`
        : `(${ai}) "${value}" contains a character GS1 does not allow`,
    );
  }
  const decoded = definition.decode(value, today);
  return "reason" in decoded ? { ...decoded, reason: `in (${ai}), ${decoded.reason}` } : decoded;
}

function checkLength(
  ai: string,
  value: string,
  { length, fixedLength, minLength }: AiDefinition,
): string | null {
  if (value.length === 0) return `(${ai}) has no value`;
  if (fixedLength && value.length < length) {
    return `(${ai}) needs ${length} digits but has ${value.length}; the code may be cut off`;
  }
  if (value.length < minLength) return `(${ai}) needs at least ${minLength} digits`;
  if (value.length > length) {
    return fixedLength
      ? `(${ai}) should have ${length} digits but has ${value.length}`
      : `(${ai}) is longer than ${length} characters; a group separator may be missing`;
  }
  return null;
}

function contradicts(data: Gs1Data, decoded: Partial<Gs1Data>): boolean {
  return Object.entries(decoded).some(([field, value]) => {
    const before = data[field as keyof Gs1Data];
    return before !== undefined && before !== value;
  });
}
