// The CLI's name and version, from the package it ships in: for --version, the log and diagnostics.
import { createRequire } from "node:module";

export const packageInfo = createRequire(import.meta.url)("../../package.json") as {
  name: string;
  version: string;
};
