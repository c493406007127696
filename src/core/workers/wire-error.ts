// An error crossing a thread boundary as plain data, and back into an AppError on the other side.
import { AppError, type ErrorKind, errorKinds, isAppError } from "../../shared/app-error.ts";

export interface WireError {
  kind: string;
  message: string;
  /** A bug's own words: for the log, never shown to the person or sent over IPC. */
  detail?: string;
}

export function toWireError(error: unknown): WireError {
  if (isAppError(error)) return { kind: error.kind, message: error.message };
  return {
    kind: "internal",
    message:
      "The catalog download stopped because of an unexpected fault. The next sync continues where it stopped.",
    detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
  };
}

export function fromWireError(error: WireError): AppError {
  const kind = (errorKinds as readonly string[]).includes(error.kind)
    ? (error.kind as ErrorKind)
    : "internal";
  return new AppError(kind, error.message);
}
