// Where one small record lives between runs (the session record; later, the app's settings). The CLI
// keeps it in a JSON file, the Electron app in its own settings store; the core sees only this.
export interface RecordStore<T> {
  /** null when nothing was written yet, or what was written no longer parses. */
  read(): Promise<T | null>;
  write(value: T): Promise<void>;
  clear(): Promise<void>;
}
