// Plays keys at given moments, the way a browser would: keydown first, and only when nobody
// prevented it does a printable key land in the focused text field (at the caret) with an input
// event; then keyup.
import { act, fireEvent } from "@testing-library/react";
import { vi } from "vitest";

export interface TimedKey {
  key: string;
  /** Milliseconds after the previous key. */
  after: number;
  /** KeyboardEvent.code; "" (as for synthetic keys) when left out. */
  code?: string;
  shift?: boolean;
  ctrl?: boolean;
  repeat?: boolean;
}

/** Each character of text as one key, `gap` ms apart, then the terminator key when given. */
export function burst(text: string, gap: number, terminator?: "Enter" | "Tab"): TimedKey[] {
  const keys = [...text].map((key) => ({ key, after: gap }));
  return terminator ? [...keys, { key: terminator, after: gap }] : keys;
}

export function playKeys(keys: TimedKey[]): void {
  for (const { key, after, code, shift, ctrl, repeat } of keys) {
    act(() => {
      vi.advanceTimersByTime(after);
    });
    const target = document.activeElement ?? document.body;
    act(() => {
      const init = { key, code: code ?? "", shiftKey: shift ?? false, ctrlKey: ctrl ?? false };
      const typed = fireEvent.keyDown(target, { ...init, repeat: repeat ?? false });
      if (typed && key.length === 1 && !ctrl) typeInto(target, key);
      fireEvent.keyUp(target, init);
    });
  }
}

/** Lets the quiet-gap timer and pending promises run. */
export async function settle(ms = 1_000): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function typeInto(target: Element, char: string): void {
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
  const start = target.selectionStart ?? target.value.length;
  const end = target.selectionEnd ?? start;
  const value = target.value.slice(0, start) + char + target.value.slice(end);
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target), "value")?.set;
  setter?.call(target, value);
  target.setSelectionRange(start + 1, start + 1);
  fireEvent.input(target);
}
