// What the standalone app's shell offers its page beside the catalog: only in kiosk mode, and only
// the way out. A host app that mounts the catalog has no such object.

/** `window.tillApp`, present only when the app runs as a kiosk. */
export interface TillShell {
  readonly kiosk: true;
  /** Quits the app: in kiosk mode the window has no close button, so this is the only exit. */
  quit(): Promise<void>;
}

/** The one IPC channel of the shell's own: quitting a kiosk. */
export const tillQuitChannel = "till-app:quit";

/** The argument the shell hands its sandboxed preload, which cannot ask the app. */
export const kioskArgument = "--till-kiosk";

/**
 * The system's language as the app sees it (`app.getLocale()`), handed to the preload the same way:
 * the screens speak it unless the settings name another.
 */
export const localeArgument = "--till-locale=";
