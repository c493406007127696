// Request bodies are checked with the shared contract schemas; a mismatch is a 400 listing each issue.
import type { z } from "zod";
import { HttpError } from "./http-error.ts";

function validationError(
  what: string,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): HttpError {
  const errors = issues.map((issue) => ({
    id: "invalid_field",
    label: issue.path.map(String).join(".") || what,
    errorDetails: issue,
  }));
  // The first problem in the message too, so a reader of the message alone knows which field to fix.
  const [first] = errors;
  const where = first === undefined ? "" : `: ${first.label}: ${issues[0]?.message}`;
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
