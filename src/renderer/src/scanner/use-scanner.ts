// Listens to every key on the page, before any field sees it, and hands recognised scans to onScan.
// A burst without a terminator ends by its own timer, whatever else the page is doing.
// A scan typed into a text field is taken out of it again, so the field keeps what it had; a scan of
// a code whose lookup is still running is dropped, so a double trigger does not look it up twice.
import { useLayoutEffect, useRef } from "react";
import {
  createScanCapture,
  type FieldKind,
  type Scan,
  type ScanCapture,
  type ScannerSettings,
} from "./scan-capture.ts";

/**
 * How long a burst that seems over waits at least for keys a busy browser still holds: keys pressed
 * within the gap reached the page up to 120 ms late in Chromium on a loaded two-core machine.
 */
export const lateKeyMs = 200;

export interface ScannerOptions {
  settings: ScannerSettings;
  /**
   * The lookup; while its promise is pending, the same code scanned again is ignored. `scan` has the
   * keys the code was read from.
   */
  onScan: (code: string, scan: Scan) => unknown;
  enabled?: boolean;
  /**
   * Monotonic milliseconds, injected so tests control the pace of keys. Without it a key's time is
   * when it was pressed (the event's timeStamp, on performance.now's clock), not when the page got
   * round to it: keys that queue while the page renders keep the scanner's own pace.
   */
  clock?: () => number;
}

interface FieldSnapshot {
  field: HTMLInputElement | HTMLTextAreaElement;
  value: string;
  selectionStart: number | null;
  selectionEnd: number | null;
}

/** The capture the page's listeners feed, and how to set its quiet-gap timer again. */
interface LiveCapture {
  capture: ScanCapture;
  rearm: () => void;
}

export function useScanner({ settings, onScan, enabled = true, clock }: ScannerOptions): void {
  const { maxGapMs, minLength, maxScanMs, prefixKey, layout } = settings;
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const settingsRef = useRef(settings);
  const live = useRef<LiveCapture | null>(null);

  // New settings go to the capture already listening rather than to a new one: the till's own
  // settings arrive after start-up, and a new capture would drop a scan under way or look up its tail.
  // Both effects run before the screen is painted: a scanner's keys that follow the first paint at
  // once (the browser hands input over before React's deferred work) find the page listening.
  useLayoutEffect(() => {
    settingsRef.current = { maxGapMs, minLength, maxScanMs, prefixKey, layout };
    live.current?.capture.configure(settingsRef.current);
    live.current?.rearm();
  }, [maxGapMs, minLength, maxScanMs, prefixKey, layout]);

  useLayoutEffect(() => {
    if (!enabled) return;
    const now = clock ?? (() => performance.now());
    const capture = createScanCapture(settingsRef.current);
    const pending = new Set<string>();
    let snapshot: FieldSnapshot | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** When the page handled the last key, on its own clock. */
    let handledAt = Number.NEGATIVE_INFINITY;
    /** How long after its press the last key reached the page. */
    let lagMs = 0;

    function recognised(scan: Scan): void {
      if (snapshot !== null) restore(snapshot);
      snapshot = null;
      const { code } = scan;
      if (pending.has(code)) return;
      const running = onScanRef.current(code, scan);
      if (!(running instanceof Promise)) return;
      pending.add(code);
      running.then(
        () => pending.delete(code),
        () => pending.delete(code),
      );
    }

    /**
     * When the burst under way ends by silence, or null when none is. The browser hands the page one
     * key at a time, each once the page has handled the one before, so a key pressed in time may
     * still be on its way while the page or the browser is busy: a burst ends once its gap is over
     * and the page has heard no key for a while, longer when the last key itself came late (the
     * browser is that far behind).
     */
    function silentAfter(): number | null {
      const deadline = capture.deadline();
      if (deadline === null) return null;
      const gap = settingsRef.current.maxGapMs;
      return Math.max(deadline, handledAt + Math.max(gap, lateKeyMs, lagMs + gap));
    }

    function armQuietGap(): void {
      clearTimeout(timer);
      const after = silentAfter();
      if (after !== null) timer = setTimeout(endBySilence, Math.max(1, Math.ceil(after - now())));
    }

    function endBySilence(): void {
      // Timers count whole milliseconds on their own clock and may fire a fraction early: then the
      // timer is set again, so a scan without a terminator never waits for a key that does not come.
      const after = silentAfter();
      if (after !== null && now() <= after) {
        armQuietGap();
        return;
      }
      // Typing keeps its snapshot: a late key may yet continue the burst into a scan.
      const scan = capture.quiet(now());
      if (scan !== null) recognised(scan);
    }

    function onKeyDown(event: KeyboardEvent): void {
      handledAt = now();
      const time = clock ? handledAt : event.timeStamp;
      lagMs = Math.max(0, handledAt - time);
      // A burst that ended by silence before this key was pressed, whose timer has not run yet (the
      // page was busy): it ends here, before the key begins anything new.
      const overdue = capture.quiet(time);
      if (overdue !== null) recognised(overdue);
      const verdict = capture.key({
        key: event.key,
        code: event.code,
        shift: event.shiftKey,
        ctrl: event.ctrlKey,
        altGraph: event.getModifierState("AltGraph"),
        capsLock: event.getModifierState("CapsLock"),
        alt: event.altKey,
        meta: event.metaKey,
        repeat: event.repeat,
        time,
        field: fieldKind(event.target),
      });
      if (verdict.kind === "pass" && verdict.startsBurst) snapshot = snapshotOf(event.target);
      if (verdict.kind !== "pass") {
        event.preventDefault();
        event.stopPropagation();
      }
      if (verdict.kind === "scan") recognised(verdict);
      armQuietGap();
    }

    function onKeyUp(event: KeyboardEvent): void {
      capture.keyUp(event.code);
    }

    live.current = { capture, rearm: armQuietGap };
    window.addEventListener("keydown", onKeyDown, { capture: true });
    window.addEventListener("keyup", onKeyUp, { capture: true });
    return () => {
      live.current = null;
      clearTimeout(timer);
      window.removeEventListener("keydown", onKeyDown, { capture: true });
      window.removeEventListener("keyup", onKeyUp, { capture: true });
    };
  }, [enabled, clock]);
}

function isTextField(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement {
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && target.selectionStart !== null;
}

function fieldKind(target: EventTarget | null): FieldKind {
  if (target instanceof HTMLInputElement && target.type === "password") return "password";
  return isTextField(target) ? "text" : "other";
}

function snapshotOf(target: EventTarget | null): FieldSnapshot | null {
  if (!isTextField(target)) return null;
  const { value, selectionStart, selectionEnd } = target;
  return { field: target, value, selectionStart, selectionEnd };
}

/** Puts the field back as it was, through the native setter so React's onChange sees it too. */
function restore({ field, value, selectionStart, selectionEnd }: FieldSnapshot): void {
  if (field.value === value) return;
  const prototype = Object.getPrototypeOf(field) as HTMLInputElement;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  if (selectionStart !== null) field.setSelectionRange(selectionStart, selectionEnd);
}
