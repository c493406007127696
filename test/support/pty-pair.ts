// A pair of real pseudo-terminals joined by socat (Debian's socat, installed by .ci/run): what one end
// writes, the other reads, as a serial cable would carry it. Killing socat is pulling the cable: the
// port's device vanishes; a new socat on the same link paths is plugging it back in.
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, existsSync, openSync, writeSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

export const socat = ["/usr/bin/socat", "/usr/local/bin/socat"].find((path) => existsSync(path));

/** For it.skip's name when socat is missing. */
export const socatMissing =
  "needs socat for its pseudo-terminals: apt-get install -y socat (as .ci/run does)";

export interface PtyPair {
  /** The scanner's end: write codes here. */
  scannerEnd: string;
  /** The till's end: the port to open. */
  port: string;
  /** Writes bytes as the scanner would send them. */
  send(text: string): void;
  /** Kills socat: both ends vanish. */
  pull(): Promise<void>;
  /** A new socat on the same paths. */
  plugIn(): Promise<void>;
}

/** Both ends as links under `dir` (scanner and till). */
export async function startPtyPair(dir: string): Promise<PtyPair> {
  const scannerEnd = `${dir}/scanner`;
  const port = `${dir}/till`;
  let process: ChildProcess | null = null;
  // Held open, as a scanner holds its line: a pty whose last writer closes may end socat's copy.
  let writer: number | null = null;

  async function plugIn(): Promise<void> {
    const child = spawn(
      socat as string,
      [`pty,raw,echo=0,link=${scannerEnd}`, `pty,raw,echo=0,link=${port}`],
      { stdio: "ignore" },
    );
    process = child;
    for (let tries = 0; !(existsSync(scannerEnd) && existsSync(port)); tries++) {
      if (tries > 200 || child.exitCode !== null) throw new Error("socat did not make its pseudo-terminals");
      await sleep(10);
    }
    writer = openSync(scannerEnd, "w");
  }

  async function pull(): Promise<void> {
    const child = process;
    if (writer !== null) closeSync(writer);
    writer = null;
    if (child === null || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    // SIGTERM: socat removes its links, as a device node goes when its scanner is unplugged.
    child.kill("SIGTERM");
    await exited;
    process = null;
  }

  await plugIn();
  return {
    scannerEnd,
    port,
    send(text) {
      if (writer === null) throw new Error("the pseudo-terminals are pulled");
      writeSync(writer, text);
    },
    pull,
    plugIn,
  };
}
