// Which codes the camera counts, frame by frame. A code counts once it is read in two frames in a
// row (one frame can misread a blurred code as another valid one). Once counted it is not counted
// again until it has left the view, or 1.5 s after it was counted while it stays in view (the
// same product shown again on purpose). Leaving takes two frames in a row without it, as arriving
// takes two with it: the decoder misses a code now and then in a frame where it still is.
import { type CameraCode, codeKey } from "./camera-code.ts";

export const repeatAfterMs = 1500;

export interface CodeConfirmation {
  /** The codes of one frame, in; the codes that count now, out (usually none). */
  frame(codes: readonly CameraCode[]): CameraCode[];
}

interface Tracked {
  /** Frames in a row it was read in (0 while it is away). */
  seenInRow: number;
  /** Frames in a row it was missing from. */
  missedInRow: number;
  /** When it last counted; null: not since it last left the view. */
  countedAt: number | null;
}

export function createCodeConfirmation(now: () => number): CodeConfirmation {
  const tracked = new Map<string, Tracked>();

  function seen(key: string, at: number): boolean {
    const entry = tracked.get(key) ?? { seenInRow: 0, missedInRow: 0, countedAt: null };
    tracked.set(key, entry);
    entry.seenInRow += 1;
    entry.missedInRow = 0;
    if (entry.seenInRow < 2) return false;
    if (entry.countedAt !== null && at - entry.countedAt < repeatAfterMs) return false;
    entry.countedAt = at;
    return true;
  }

  function missed(key: string, entry: Tracked): void {
    entry.seenInRow = 0;
    entry.missedInRow += 1;
    if (entry.missedInRow >= 2) tracked.delete(key);
  }

  return {
    frame(codes) {
      const at = now();
      const inFrame = new Map(codes.map((code) => [codeKey(code), code]));
      for (const [key, entry] of tracked) if (!inFrame.has(key)) missed(key, entry);
      return [...inFrame].filter(([key]) => seen(key, at)).map(([, code]) => code);
    },
  };
}
