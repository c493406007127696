// Which pictures a product record names: its `images` object, size key -> URL. Only http(s) URLs are
// taken, a few keys at most, and the one size that serves the screen is marked.
//
// The screen's picture slot is about 240 CSS pixels. Size keys are densities: `1x` is the picture's
// nominal size, `2x` twice that. The service's `1x` is a thumbnail (160 px on the reference service),
// which blurs when stretched to 240; `2x` (320 px) is the smallest that fills the slot sharply on a
// till's ordinary (1x) display. So the screen takes `2x`, else the largest density below it, else the
// smallest above it; a record with only names like "thumb" gets its first key in order.

/** One picture a product names. */
export interface ImageSource {
  sizeKey: string;
  url: string;
  /** This size is the one the screen shows. */
  screen: boolean;
}

/** More keys than this in one record is not a picture list; the first ones (in order) are kept. */
const maxSizesPerProduct = 4;
const maxUrlChars = 2000;
const sizeKeyPattern = /^[A-Za-z0-9_.@-]{1,32}$/u;
const screenDensity = 2;

/** The density a key such as "2x" or "1.5x" stands for, or null for a key of another form. */
function densityOf(key: string): number | null {
  const match = /^(\d{1,2}(?:\.\d{1,2})?)x$/u.exec(key);
  return match === null ? null : Number(match[1]);
}

/** An absolute http(s) URL, without user or password, as the string to fetch; else null. */
export function imageUrlOf(value: unknown): string | null {
  if (typeof value !== "string" || value.length > maxUrlChars) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username !== "" || url.password !== "") return null;
  return url.href;
}

/** Orders keys: densities ascending, then any other keys by name. */
function compareKeys(a: string, b: string): number {
  const [da, db] = [densityOf(a), densityOf(b)];
  if (da !== null && db !== null) return da - db;
  if (da !== null) return -1;
  if (db !== null) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function screenKey(keys: readonly string[]): string | undefined {
  const densities = keys.filter((key) => densityOf(key) !== null);
  if (densities.length === 0) return keys[0];
  const atMost = densities.filter((key) => (densityOf(key) as number) <= screenDensity);
  return atMost.at(-1) ?? densities[0];
}

/** The pictures of one record's `images`, in key order; [] when it names none usable. */
export function imageSourcesOf(images: unknown): ImageSource[] {
  if (typeof images !== "object" || images === null || Array.isArray(images)) return [];
  const usable = Object.entries(images as Record<string, unknown>)
    .filter(([key]) => sizeKeyPattern.test(key))
    .map(([key, value]) => [key, imageUrlOf(value)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== null)
    .sort(([a], [b]) => compareKeys(a, b))
    .slice(0, maxSizesPerProduct);
  const screen = screenKey(usable.map(([key]) => key));
  return usable.map(([sizeKey, url]) => ({ sizeKey, url, screen: sizeKey === screen }));
}
