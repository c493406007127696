// Request bodies are checked with the shared contract schemas; a mismatch is a 400 listing each issue,
// each labelled with the field it is about (a key the schema does not know is named itself).
import type { z } from "zod";
import { HttpError } from "./http-error.ts";

interface Issue {
  path: readonly PropertyKey[];
  message: string;
  keys?: readonly string[];
}

function fieldOf(issue: Issue, what: string): string {
  const at = issue.path.map(String);
  if (issue.keys !== undefined && issue.keys.length > 0) return [...at, issue.keys.join(", ")].join(".");
  return at.join(".") || what;
}

function validationError(what: string, issues: readonly Issue[]): HttpError {
  const errors = issues.map((issue) => ({
    id: "invalid_field",
    label: fieldOf(issue, what),
    errorDetails: issue,
  }));
  // The first problem in the message too, so a reader of the message alone knows which field to fix.
  const [first] = errors;
  const where = first === undefined ? "" : `: ${first.label}: ${first.errorDetails.message}`;
  return new HttpError(400, `The ${what} is not valid${where}.`, errors);
}

export function parseRequest<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  what: string,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(what, result.error.issues);
  return result.data;
}
