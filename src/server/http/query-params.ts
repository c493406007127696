// Query parameters read from the raw URL, so repeated parameters and their order are kept as sent.
import { HttpError } from "./http-error.ts";

export function queryParams(url: string): URLSearchParams {
  const start = url.indexOf("?");
  return new URLSearchParams(start === -1 ? "" : url.slice(start + 1));
}

/** A parameter that may appear at most once. */
export function singleParam(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) throw badParam(name, "may appear only once");
  return values[0];
}

export function badParam(name: string, problem: string): HttpError {
  return new HttpError(400, `Query parameter "${name}" ${problem}.`, [
    { id: "invalid_query", label: name, errorDetails: problem },
  ]);
}
