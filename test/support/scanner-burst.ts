// A scanner's keys sent to a Chromium page over the DevTools protocol, each stamped with the time the
// scanner pressed it, as the computer stamps a real keyboard's. The page tells a scan from typing by
// those times, so a busy test machine handing the keys on late cannot split or merge a scan
// (Playwright's keyboard.type stamps each key when it arrives).
import type { CDPSession, Page } from "playwright-core";
import { type PressedKey, pressedKeys } from "./scanner-keys.ts";

export type BurstEnding = "Enter" | "Tab" | "quiet";

interface KeyEvent {
  type: "keyDown" | "keyUp";
  key: string;
  code: string;
  text?: string;
  modifiers?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One burst: a key every `stepMs` (a scanner sends one every 5 to 15 ms), each down then up, then its
 * ending. The keys are all handed to the browser at once, which passes them on as fast as the page
 * takes them. Returns once the scanner would have pressed the last one, so that a pause before the
 * next scan starts from there.
 */
export async function sendBurst(
  cdp: CDPSession,
  keys: PressedKey[],
  options: { ending: BurstEnding; stepMs?: number },
): Promise<void> {
  const stepMs = options.stepMs ?? 8;
  const pressed = Date.now();
  const sent: Promise<unknown>[] = [];
  const send = (step: number, params: KeyEvent) =>
    sent.push(cdp.send("Input.dispatchKeyEvent", { ...params, timestamp: (pressed + step * stepMs) / 1000 }));
  for (const [step, key] of keys.entries()) {
    const modifiers = (key.shift ? 8 : 0) | (key.ctrl ? 2 : 0);
    const text = key.key.length === 1 && !key.ctrl ? key.key : undefined;
    send(step, { type: "keyDown", key: key.key, code: key.code, text, modifiers });
    send(step + 0.5, { type: "keyUp", key: key.key, code: key.code, modifiers });
  }
  const { ending } = options;
  if (ending !== "quiet") {
    const text = ending === "Enter" ? "\r" : undefined;
    send(keys.length, { type: "keyDown", key: ending, code: ending, text });
    send(keys.length + 0.5, { type: "keyUp", key: ending, code: ending });
  }
  await Promise.all(sent);
  await sleep(pressed + (keys.length + 1) * stepMs - Date.now());
}

/** A scanner and a computer that both use the US layout. */
export const usScanner = { scanner: "us", computer: "us", capsLock: false, numpad: "no" } as const;
const sessions = new WeakMap<Page, Promise<CDPSession>>();

/** `code` scanned into `page` by a US scanner on a US computer, ended by Enter. */
export async function scanInto(page: Page, code: string): Promise<void> {
  let session = sessions.get(page);
  if (session === undefined) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  await sendBurst(await session, pressedKeys(code, usScanner), { ending: "Enter" });
}
