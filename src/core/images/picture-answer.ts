// The one rule both picture routes follow (the desktop app's scheme and the browser bridge's route):
// a request names exactly a hash the cache holds, or it is refused before the cache is asked. What is
// served is the picture's own kind, read from its first bytes, never guessed from a name.
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
export function answerPicture(
  method: string,
  name: string,
  pictureBytes: (hash: string) => Buffer | null,
): PictureAnswer {
  if (method !== "GET" && method !== "HEAD") return refuse(405, "Pictures are only read.");
  if (!isImageHash(name)) return refuse(400, "That is not the name of a cached picture.");
  const bytes = heldBytes(pictureBytes, name);
  const kind = bytes === null ? null : imageKindOf(bytes);
  if (bytes === null || kind === null) return refuse(404, "No such picture in the cache.");
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

/** The picture's bytes; null also when the cache cannot be read (a picture is then simply not shown). */
function heldBytes(pictureBytes: (hash: string) => Buffer | null, hash: string): Buffer | null {
  try {
    return pictureBytes(hash);
  } catch {
    return null;
  }
}
