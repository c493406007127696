// In-store scale labels: a restricted-circulation EAN-13 (or UPC-A) whose middle digits carry the
// weight or price of this one item. The catalog only knows the code with that value set to zeros.
import { z } from "zod";
import { withCheckDigit } from "./gtin.ts";

/**
 * A rule's pattern spells out every digit of the label, spaces allowed for reading:
 * leading digits are the prefix that must match, P a product digit, W a whole-unit digit of the
 * value, D a decimal digit of the value, X a digit to ignore (e.g. a price check digit) and C the
 * check digit. "21 PPPPP WW DDD C" is a weight label: 21, five product digits, 2.3 digits of kg.
 */
const patternShape = /^\d+[PWDX]*[WD][PWDX]*C$/;

function isScaleRulePattern(pattern: string): boolean {
  const compact = compactPattern(pattern);
  return patternShape.test(compact) && (compact.length === 12 || compact.length === 13);
}

export const scaleRuleSchema = z.object({
  pattern: z.string().refine(isScaleRulePattern, {
    message: 'a 12 or 13 digit pattern such as "21 PPPPP WW DDD C": prefix digits, P, W, D, X, then C',
  }),
  /** A weight is in kg; a price or discount is in the product's currency units. */
  kind: z.enum(["weight", "price", "discount"]),
});
export type ScaleRule = z.infer<typeof scaleRuleSchema>;

/** The usual GS1 in-store prefixes (the same defaults Odoo ships). */
export const defaultScaleRules: ScaleRule[] = [
  { pattern: "21 PPPPP WW DDD C", kind: "weight" },
  { pattern: "22 PPPPP WWW DD C", kind: "discount" },
  { pattern: "23 PPPPP WWW DD C", kind: "price" },
];

export interface ScaleLabel {
  rule: ScaleRule;
  /** The label with the value (and ignored digits) zeroed and the check digit recomputed. */
  baseCode: string;
  value: number;
}

/**
 * Reads a code with a valid check digit against the rules; the first rule that fits wins. A value of
 * zero is not a label: it is the product's own base code, as printed on the shelf or the packaging.
 */
export function readScaleLabel(code: string, rules: readonly ScaleRule[]): ScaleLabel | null {
  for (const rule of rules) {
    const label = applyRule(code, rule);
    if (label !== null) return label;
  }
  return null;
}

function applyRule(code: string, rule: ScaleRule): ScaleLabel | null {
  const { pattern, prefix } = readPattern(rule.pattern);
  if (pattern.length !== code.length || !code.startsWith(prefix)) return null;
  const whole = pickDigits(code, pattern, "W");
  const decimals = pickDigits(code, pattern, "D");
  const value = Number(whole + decimals) / 10 ** decimals.length;
  if (value === 0) return null;
  return { rule, baseCode: baseCodeUnder(pattern, code), value };
}

/**
 * A discount label names its product by the product digits alone: the product itself is labelled
 * under a weight or price rule, so its base code is tried under every rule with the same product
 * digit positions (the label's own rule first).
 */
export function samePluBaseCodes(code: string, label: ScaleLabel, rules: readonly ScaleRule[]): string[] {
  const own = compactPattern(label.rule.pattern);
  const codes = [label.baseCode];
  for (const rule of rules) {
    const pattern = compactPattern(rule.pattern);
    if (pattern.length === own.length && pluPositions(pattern) === pluPositions(own)) {
      const base = baseCodeUnder(pattern, code);
      if (!codes.includes(base)) codes.push(base);
    }
  }
  return codes;
}

/** The code with the rule's prefix, the label's product digits and zeros for the rest. */
function baseCodeUnder(pattern: string, code: string): string {
  const body = [...pattern.slice(0, -1)].map((role, i) => {
    if (role === "P") return code[i];
    return /\d/.test(role) ? role : "0";
  });
  return withCheckDigit(body.join(""));
}

function pluPositions(pattern: string): string {
  return [...pattern].map((role) => (role === "P" ? "P" : "-")).join("");
}

function pickDigits(code: string, pattern: string, role: string): string {
  return [...code].filter((_, i) => pattern[i] === role).join("");
}

function compactPattern(pattern: string): string {
  return pattern.replaceAll(" ", "");
}

// Every scan of a code of a label's length is tried against every rule: reading the rules' patterns
// again each time took half of reading the scan (issue 52). The settings hold a few patterns.
const readPatterns = new Map<string, { pattern: string; prefix: string }>();
const patternsKeptAtMost = 100;

/** The pattern without spaces, and its leading digits: the prefix a label must start with. */
function readPattern(written: string): { pattern: string; prefix: string } {
  let read = readPatterns.get(written);
  if (read === undefined) {
    const pattern = compactPattern(written);
    read = { pattern, prefix: /^\d+/.exec(pattern)?.[0] ?? "" };
    if (readPatterns.size >= patternsKeptAtMost) readPatterns.clear();
    readPatterns.set(written, read);
  }
  return read;
}
