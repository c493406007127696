// Each test starts from an empty page: testing-library unmounts what the last one rendered.
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => {
  cleanup();
});
