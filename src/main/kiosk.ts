// Kiosk mode for a dedicated till: the app fills the screen, stays on top, has no menu and no window
// controls, and cannot be closed except through Settings (which asks first). Started with --kiosk.
import type { BrowserWindowConstructorOptions } from "electron";

/** The command-line flag that starts the app as a kiosk. */
export const kioskFlag = "--kiosk";

export function kioskRequested(argv: readonly string[]): boolean {
  return argv.includes(kioskFlag);
}

/** Full screen with nothing around it: no frame, so no close, minimise or maximise buttons. */
export const kioskWindowOptions = {
  kiosk: true,
  fullscreen: true,
  frame: false,
  alwaysOnTop: true,
  autoHideMenuBar: true,
  closable: false,
  minimizable: false,
  maximizable: false,
  resizable: false,
  movable: false,
} satisfies BrowserWindowConstructorOptions;

type CloseEvent = { preventDefault(): void };

/**
 * Refuses to close the window on its own (Alt+F4, the window manager's close): a kiosk leaves only
 * by quitting the app, which Settings' Quit does and so do a shutdown or a signal from the system.
 */
export function holdKioskWindow(
  window: {
    on(event: "close", listener: (event: CloseEvent) => void): unknown;
    on(event: "session-end", listener: () => void): unknown;
  },
  app: { on(event: "before-quit", listener: () => void): unknown },
): void {
  let quitting = false;
  const letGo = () => {
    quitting = true;
  };
  app.on("before-quit", letGo);
  // Windows ends the session (log-off, shutdown) window by window, without quitting the app first.
  window.on("session-end", letGo);
  window.on("close", (event) => {
    if (!quitting) event.preventDefault();
  });
}
