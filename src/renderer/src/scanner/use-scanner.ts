// Listens to every key on the page, before any field sees it, and hands recognised scans to onScan.
// A burst without a terminator ends by its own timer, whatever else the page is doing.
// A scan typed into a text field is taken out of it again, so the field keeps what it had; a scan of
// a code whose lookup is still running is dropped, so a double trigger does not look it up twice.
import { useEffect, useRef } from "react";
import { createScanCapture, type FieldKind, type Scan, type ScannerSettings } from "./scan-capture.ts";

export interface ScannerOptions {
  settings: ScannerSettings;
  /**
   * The lookup; while its promise is pending, the same code scanned again is ignored. `scan` has the
   * keys the code was read from.
   */
  onScan: (code: string, scan: Scan) => unknown;
  enabled?: boolean;
  /** Monotonic milliseconds; injected so tests control the pace of keys. */
  clock?: () => number;
}

interface FieldSnapshot {
  field: HTMLInputElement | HTMLTextAreaElement;
  value: string;
  selectionStart: number | null;
  selectionEnd: number | null;
}

export function useScanner({ settings, onScan, enabled = true, clock }: ScannerOptions): void {
  const { maxGapMs, minLength, maxScanMs, prefixKey, layout } = settings;
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  useEffect(() => {
    if (!enabled) return;
    const now = clock ?? (() => performance.now());
    const capture = createScanCapture({ maxGapMs, minLength, maxScanMs, prefixKey, layout });
    const pending = new Set<string>();
    let snapshot: FieldSnapshot | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

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

    function armQuietGap(): void {
      clearTimeout(timer);
      const deadline = capture.deadline();
      if (deadline === null) return;
      // Timers count whole milliseconds on their own clock and may fire before the deadline has
      // passed as `now` sees it: then the burst is still pending and the timer is set again, so a
      // scan without a terminator is never left waiting for a key that does not come.
      timer = setTimeout(
        () => {
          const scan = capture.quiet(now());
          if (scan !== null) recognised(scan);
          else if (capture.deadline() === null) snapshot = null;
          else armQuietGap();
        },
        Math.max(1, Math.ceil(deadline - now())),
      );
    }

    function onKeyDown(event: KeyboardEvent): void {
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
        time: now(),
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

    window.addEventListener("keydown", onKeyDown, { capture: true });
    window.addEventListener("keyup", onKeyUp, { capture: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener("keydown", onKeyDown, { capture: true });
      window.removeEventListener("keyup", onKeyUp, { capture: true });
    };
  }, [enabled, clock, maxGapMs, minLength, maxScanMs, prefixKey, layout]);
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
