// The CLI's words for a request waiting on a silent service, on stderr as they come: a till syncing
// through a hung proxy says so within seconds instead of saying nothing until it gives up.
import type { ServiceWait } from "../shared/catalog/service-wait.ts";

export function describeWait(wait: ServiceWait): string {
  const what =
    wait.phase === "no-answer"
      ? `it took the connection but has not answered for ${wait.waitedSeconds} s`
      : `it started an answer but has not finished it in ${wait.waitedSeconds} s`;
  return `The commerce service at ${wait.host} is not answering: ${what}. Giving up within ${wait.giveUpSeconds} s.`;
}

/** Writes each wait as a line; on a terminal, over the progress bar the next progress redraws. */
export function waitingWriter(stream: {
  write(text: string): unknown;
  isTTY?: boolean;
}): (wait: ServiceWait | null) => void {
  return (wait) => {
    if (wait === null) return;
    stream.write(`${stream.isTTY ? "\r\x1b[K" : ""}${describeWait(wait)}\n`);
  };
}
