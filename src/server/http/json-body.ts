// JSON request bodies: fastify's own parser (which refuses `__proto__` and `constructor.prototype` keys),
// behind a check of how deeply the text nests. An empty body is no body, whatever its content type: the
// official SDK sends a bodiless POST (issuing an API key) as axios' default form type. V8 parses any depth, but the schemas, the stores and
// JSON.stringify walk values recursively, so a body nested a few hundred thousand levels deep would end in
// a stack overflow instead of a refusal.
import type { FastifyInstance } from "fastify";
import { HttpError } from "./http-error.ts";

/** Deeper than any record of the contract nests (a product's prices go about six levels down). */
export const maxJsonDepth = 64;

export function acceptJsonBodiesOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (text === "") {
      done(null, undefined);
      return;
    }
    if (nestingDepth(text) > maxJsonDepth) {
      done(new HttpError(400, `The JSON body nests deeper than ${maxJsonDepth} levels.`), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.addContentTypeParser("*", { parseAs: "buffer" }, (request, body, done) => {
    if ((body as Buffer).length === 0) done(null, undefined);
    else
      done(new HttpError(415, `Bodies are JSON (application/json), not ${request.headers["content-type"]}.`));
  });
}

/** The deepest nesting of arrays and objects in JSON text, brackets inside strings not counted. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{" || char === "[") deepest = Math.max(deepest, ++depth);
    else if (char === "}" || char === "]") depth -= 1;
  }
  return deepest;
}
