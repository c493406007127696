// The one rule both picture routes follow (the desktop app's scheme and the browser bridge's route):
// a request names exactly a hash the cache holds, or it is refused before the file system is touched.
// What is served is the file's own kind, read from its first bytes, never guessed from a name.
import { readFile } from "node:fs/promises";
import { isImageHash } from "../../shared/catalog/product-pictures.ts";
import { imageKindOf } from "./image-kind.ts";

export interface PictureAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

const refusalHeaders = { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" };

const refuse = (status: number, text: string): PictureAnswer => ({
  status,
  headers: refusalHeaders,
  body: text,
});

/** `name`: the part of the address that should be the hash, exactly as it came (still percent-encoded). */
export async function answerPicture(
  method: string,
  name: string,
  fileOf: (hash: string) => string | null,
): Promise<PictureAnswer> {
  if (method !== "GET" && method !== "HEAD") return refuse(405, "Pictures are only read.");
  if (!isImageHash(name)) return refuse(400, "That is not the name of a cached picture.");
  const file = fileOf(name);
  if (file === null) return refuse(404, "No such picture in the cache.");
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return refuse(404, "No such picture in the cache.");
  }
  const kind = imageKindOf(bytes);
  if (kind === null) return refuse(404, "No such picture in the cache.");
  return {
    status: 200,
    headers: {
      "content-type": `image/${kind}`,
      // A hash names these bytes for ever.
      "cache-control": "private, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-length": String(bytes.length),
    },
    body: method === "HEAD" ? "" : bytes,
  };
}
