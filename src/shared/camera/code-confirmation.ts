// Which codes the camera counts, frame by frame: each product shown counts once, however long it
// stays in view.
// - A code counts once it is read in two frames in a row (one frame can misread a blurred code as
//   another valid one).
// - It is not counted again while it stays in view, however long, wherever it moves in the picture.
//   It has left the view once no frame read it for `awayMs` (at least half a second, and at least two
//   frames: the decoder misses a code in a frame now and then). Shown again after that, it counts again:
//   the way to count a second item of the same product.
// - A reading that lies on another symbol in the same frame (symbol-cover.ts) is no code of its own
//   there: such frames do not confirm it. One seen as part of a wider symbol (a UPC-E read out of half
//   a tilted EAN-13) does not count at all until it has left the view, even in frames that happen to
//   miss the wider one. A genuine UPC-E or EAN-8, alone in the picture, counts as any code does.
import { type CameraCode, type CameraReading, codeKey } from "./camera-code.ts";
import { type CoverKind, coveredReadings } from "./symbol-cover.ts";

/** The shortest time out of view that lets a code count again; the settings may make it longer. */
export const shortestAwayMs = 500;

export interface CodeConfirmation {
  /** The readings of one frame, in; the codes that count now, out (usually none). */
  frame(readings: readonly CameraReading[]): CameraCode[];
}

interface Tracked {
  /** Frames in a row it was read in on its own (not as part of a wider symbol). */
  seenInRow: number;
  /** Frames in a row it was missing from. */
  missedInRow: number;
  /** When a frame last read it. */
  lastSeenAt: number;
  /** Counted since it came into view: not again until it leaves. */
  counted: boolean;
  /** Seen as part of a wider symbol since it came into view: never a code of its own until it leaves. */
  partOfAnother: boolean;
}

export function createCodeConfirmation(now: () => number, awayMs = shortestAwayMs): CodeConfirmation {
  const tracked = new Map<string, Tracked>();
  const leaveAfterMs = Math.max(awayMs, shortestAwayMs);

  function seen(key: string, cover: CoverKind | null, at: number): boolean {
    const entry = tracked.get(key) ?? {
      seenInRow: 0,
      missedInRow: 0,
      lastSeenAt: at,
      counted: false,
      partOfAnother: false,
    };
    tracked.set(key, entry);
    entry.missedInRow = 0;
    entry.lastSeenAt = at;
    entry.partOfAnother ||= cover === "part-of-wider";
    entry.seenInRow = cover === null ? entry.seenInRow + 1 : 0;
    if (entry.counted || entry.partOfAnother || entry.seenInRow < 2) return false;
    entry.counted = true;
    return true;
  }

  function missed(key: string, entry: Tracked, at: number): void {
    entry.seenInRow = 0;
    entry.missedInRow += 1;
    if (entry.missedInRow >= 2 && at - entry.lastSeenAt >= leaveAfterMs) tracked.delete(key);
  }

  return {
    frame(readings) {
      const at = now();
      const covered = coveredReadings(readings);
      // One entry a code: read twice in one frame, it is covered only when every reading of it is.
      const inFrame = new Map<string, { code: CameraCode; cover: CoverKind | null }>();
      for (const [index, { code }] of readings.entries()) {
        const key = codeKey(code);
        const cover = covered.get(index) ?? null;
        const before = inFrame.get(key);
        inFrame.set(key, { code, cover: before === undefined || before.cover !== null ? cover : null });
      }
      for (const [key, entry] of tracked) if (!inFrame.has(key)) missed(key, entry, at);
      return [...inFrame]
        .filter(([key, reading]) => seen(key, reading.cover, at))
        .map(([, reading]) => reading.code);
    },
  };
}
