// Which kind of picture some downloaded bytes are, read from their first bytes, never from the
// service's Content-Type: a till shows only PNG, JPEG, WebP and GIF. SVG is refused on purpose, as it
// can carry script and external references.
export const imageKinds = ["png", "jpeg", "webp", "gif"] as const;
export type ImageKind = (typeof imageKinds)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/** The kind of image these bytes start like, or null when they are not one a till shows. */
export function imageKindOf(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0x89, ...ascii("PNG"), 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  return null;
}
