// A product's name as a cashier in a hurry types it: one slip in one word of 5 or more letters, drawn
// from a seeded generator so a run repeats. The slips a touch screen or a keyboard makes: a letter
// added, left out, replaced, two neighbours swapped, or the key beside the right one (QWERTZ or QWERTY).
import type { Random } from "../../src/server/faults/seeded-random.ts";
import { searchText } from "../../src/shared/catalog/search-text.ts";

export type Slip = "insert" | "delete" | "substitute" | "swap" | "neighbour";
export const slips: readonly Slip[] = ["insert", "delete", "substitute", "swap", "neighbour"];

const alphabet = [..."abcdefghijklmnopqrstuvwxyz"];
const layouts = {
  qwerty: ["qwertyuiop", "asdfghjkl", "zxcvbnm"],
  qwertz: ["qwertzuiop", "asdfghjkl", "yxcvbnm"],
};

/** The keys beside `letter` on the layout: left, right, and the rows above and below. */
function neighbours(letter: string, rows: readonly string[]): string[] {
  const row = rows.findIndex((keys) => keys.includes(letter));
  if (row < 0) return [];
  const column = rows[row]?.indexOf(letter) ?? 0;
  const near: string[] = [];
  for (const [dr, dc] of [
    [0, -1],
    [0, 1],
    [-1, 0],
    [-1, 1],
    [1, -1],
    [1, 0],
  ] as const) {
    const key = rows[row + dr]?.[column + dc];
    if (key !== undefined) near.push(key);
  }
  return near;
}

function slipped(word: string, slip: Slip, random: Random): string {
  const letters = [...word];
  const at = random.int(0, letters.length - 1);
  const other = (than: string) => random.pick(alphabet.filter((letter) => letter !== than));
  switch (slip) {
    case "insert":
      letters.splice(random.int(0, letters.length), 0, random.pick(alphabet));
      break;
    case "delete":
      letters.splice(at, 1);
      break;
    case "substitute":
      letters[at] = other(letters[at] ?? "");
      break;
    case "swap": {
      // Two different neighbours: swapping "ll" changes nothing.
      const places = letters.slice(1).flatMap((letter, index) => (letter !== letters[index] ? [index] : []));
      const place = random.pick(places);
      [letters[place], letters[place + 1]] = [letters[place + 1] ?? "", letters[place] ?? ""];
      break;
    }
    case "neighbour": {
      const rows = random.chance(0.5) ? layouts.qwertz : layouts.qwerty;
      const near = neighbours(letters[at] ?? "", rows);
      letters[at] = near.length > 0 ? random.pick(near) : other(letters[at] ?? "");
      break;
    }
  }
  return letters.join("");
}

/**
 * `name` in search form with one slip in one of its words of 5 or more letters, or null when it has
 * none. The slip is drawn too unless given.
 */
export function typoQuery(name: string, random: Random, slip?: Slip): string | null {
  const words = searchText(name).split(" ");
  const long = words.flatMap((word, index) => (/^\p{L}{5,}$/u.test(word) ? [index] : []));
  if (long.length === 0) return null;
  const index = random.pick(long);
  const edited = [...words];
  edited[index] = slipped(words[index] ?? "", slip ?? random.pick(slips), random);
  return edited.join(" ");
}
