// `lookup --stream`: a price checker's loop. Codes come one a line from standard input, or from a
// serial scanner (`--serial PATH[:BAUD]`); each answer is one line of JSON, the same as
// `lookup --json`, in the order the codes came. Standard input is read until it ends; a serial line
// until SIGINT or SIGTERM. Either way the port and the catalog are closed before the command ends.
import { StringDecoder } from "node:string_decoder";
import {
  type CatalogApp,
  createLineSplitter,
  serialportAccess,
  startSerialScanner,
} from "../core/app/index.ts";
import { type CliIo, exitCodes, writeJson } from "./cli-io.ts";

export interface StreamCode {
  code: string;
  symbology?: string;
}

/** Answers each code in turn; the next waits for the one before, so answers keep the codes' order. */
function answerer(catalog: CatalogApp, io: CliIo) {
  let last: Promise<unknown> = Promise.resolve();
  return {
    answer(code: StreamCode): void {
      last = last.then(async () => writeJson(io, await catalog.lookup(code)));
    },
    done: () => last,
  };
}

/** Resolves on SIGINT or SIGTERM; `stop` removes the handlers. */
function untilSignal(): { signalled: Promise<void>; stop(): void } {
  let heard: () => void = () => {};
  const signalled = new Promise<void>((resolve) => {
    heard = resolve;
  });
  process.once("SIGINT", heard);
  process.once("SIGTERM", heard);
  return {
    signalled,
    stop() {
      process.off("SIGINT", heard);
      process.off("SIGTERM", heard);
    },
  };
}

export async function streamFromInput(catalog: CatalogApp, io: CliIo): Promise<number> {
  const { answer, done } = answerer(catalog, io);
  const splitter = createLineSplitter("any");
  const decoder = new StringDecoder("utf8");
  const signal = untilSignal();
  const ended = new Promise<void>((resolve, reject) => {
    io.stdin.on("data", (chunk: Buffer | string) => {
      const text = typeof chunk === "string" ? chunk : decoder.write(chunk);
      for (const code of splitter.push(text)) answer({ code });
    });
    io.stdin.once("end", resolve);
    io.stdin.once("error", reject);
  });
  try {
    await Promise.race([ended, signal.signalled]);
  } finally {
    signal.stop();
    io.stdin.pause();
  }
  // The input ended: its last line needs no line break to count.
  const last = splitter.takeRest() + decoder.end();
  if (last.trim() !== "") answer({ code: last });
  await done();
  return exitCodes.ok;
}

export async function streamFromSerial(
  catalog: CatalogApp,
  io: CliIo,
  target: { port: string; baud: number },
): Promise<number> {
  const { answer, done } = answerer(catalog, io);
  const signal = untilSignal();
  const scanner = startSerialScanner({
    ...target,
    lineEnding: (await catalog.settings()).serialScanner.lineEnding,
    open: serialportAccess.open,
    onCode: ({ code, symbology }) => answer(symbology === null ? { code } : { code, symbology }),
    onStatus: ({ state, port, detail }) =>
      io.stderr.write(`Serial scanner ${state}: ${port}${detail ? ` (${detail})` : ""}\n`),
    onDropped: (text, why) => io.stderr.write(`Dropped "${text}": ${why}; scan it again.\n`),
  });
  try {
    await signal.signalled;
  } finally {
    signal.stop();
    await scanner.stop();
    await done();
  }
  return exitCodes.ok;
}
