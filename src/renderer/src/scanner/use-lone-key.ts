// A key that means something on its own (a digit picking a tab), told apart from the first keys of a
// scanner's burst: the scan catcher lets a burst's keys through to the page until it knows it is a
// scan, so a digit acts only once it stands alone, with no key within the scanner's gap before it and
// none within the gap after it (the wait the catcher itself gives late keys). A scan of
// "4006381333931" therefore picks no tab: its "4" is followed by "0" at once, and every later digit
// came straight after another key.
import { useEffect, useRef } from "react";
import { lateKeyMs } from "./use-scanner.ts";

export interface LoneKeyOptions {
  /** Which keys count (a modifier held, or a key typed into a field, never does). */
  accepts: (key: string) => boolean;
  /** The scanner's longest pause between two keys of one scan. */
  maxGapMs: number;
  onKey: (key: string) => void;
  enabled?: boolean;
}

export function useLoneKey({ accepts, maxGapMs, onKey, enabled = true }: LoneKeyOptions): void {
  const latest = useRef({ accepts, onKey });
  latest.current = { accepts, onKey };

  useEffect(() => {
    if (!enabled) return;
    const wait = Math.max(maxGapMs, lateKeyMs);
    let lastKeyAt = Number.NEGATIVE_INFINITY;
    let timer: ReturnType<typeof setTimeout> | undefined;

    function onKeyDown(event: KeyboardEvent): void {
      // Any key, this one included, ends the wait of a digit before it: that one was not alone.
      clearTimeout(timer);
      const alone = event.timeStamp - lastKeyAt > maxGapMs;
      lastKeyAt = event.timeStamp;
      const { key } = event;
      const plain = !(event.ctrlKey || event.altKey || event.metaKey || event.repeat);
      if (!alone || !plain || typesIntoField(event.target) || !latest.current.accepts(key)) return;
      timer = setTimeout(() => latest.current.onKey(key), wait);
    }

    // Bubbling, after the scan catcher's capturing listener: keys it keeps from the page (a prefix
    // key's scan) never arrive here.
    window.addEventListener("keydown", onKeyDown);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("keydown", onKeyDown);
    };
  }, [enabled, maxGapMs]);
}

function typesIntoField(target: EventTarget | null): boolean {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target instanceof HTMLInputElement && target.selectionStart !== null;
}
