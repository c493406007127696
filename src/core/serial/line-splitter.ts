// Cuts what a serial line delivers, in pieces of any size, into the codes the scanner ended. A code
// ends at the set line ending; with "any", at CR, LF or CRLF, a CR at once (the LF of a CRLF that
// follows in the next read ends nothing more: empty lines are no codes). With "crlf" a CR at the end
// of a read waits in the rest for its LF.
import type { LineEnding } from "../../shared/serial/serial-settings.ts";

export interface LineSplitter {
  /** The codes this piece ended, in order. */
  push(piece: string): string[];
  /** What came after the last ending: a code cut off, if anything. Emptied by the call. */
  takeRest(): string;
}

const endings: Record<LineEnding, RegExp> = {
  any: /\r\n|\r|\n/u,
  cr: /\r/u,
  lf: /\n/u,
  crlf: /\r\n/u,
};

export function createLineSplitter(ending: LineEnding): LineSplitter {
  const pattern = endings[ending];
  let rest = "";
  return {
    push(piece) {
      const parts = (rest + piece).split(pattern);
      rest = parts.pop() ?? "";
      return parts.filter((line) => line !== "");
    },
    takeRest() {
      const taken = rest;
      rest = "";
      return taken;
    },
  };
}
