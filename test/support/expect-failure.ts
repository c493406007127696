import { expect } from "vitest";
import { AppError } from "../../src/shared/app-error.ts";

/** The AppError a promise rejects with; the test fails if it resolves or rejects with anything else. */
export async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
