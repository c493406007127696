// Errors crossing from the sync worker: a person's message for a bug, its own words kept for the log.
import { describe, expect, it } from "vitest";
import { fromWireError, toWireError } from "../../../src/core/workers/wire-error.ts";
import { AppError } from "../../../src/shared/app-error.ts";

describe("errors from the sync worker", () => {
  it("carry an AppError's kind and message as they are", () => {
    const wire = toWireError(new AppError("offline", "No connection to the commerce service."));
    expect(wire).toEqual({ kind: "offline", message: "No connection to the commerce service." });
    expect(fromWireError(wire)).toMatchObject({ kind: "offline", message: wire.message });
  });

  it("say a bug plainly and keep its own words out of the message, for the log only", () => {
    const wire = toWireError(new TypeError('Headers.append: "Bearer a\nb" is an invalid header value.'));
    expect(wire.kind).toBe("internal");
    expect(wire.message).not.toMatch(/Bearer|Headers/);
    expect(wire.message).toMatch(/continues where it stopped/);
    expect(wire.detail).toMatch(/invalid header value/);
    expect(fromWireError(wire)).not.toHaveProperty("detail");
  });

  it("turn a kind the app does not know into internal", () => {
    expect(fromWireError({ kind: "weird", message: "?" }).kind).toBe("internal");
  });
});
