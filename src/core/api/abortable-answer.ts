// Waiting on an answer that the attempt's own abort signal always ends. Node's fetch follows the
// signal it is given through objects it may let the garbage collector take first, and then an abort
// never reaches the request: a stalled answer would hold the sync for ever. So the wait for the
// headers and the reading of the body listen to the signal here, where it is surely held.

/** `work`, or the signal's abort, whichever comes first. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/** The whole body as text (UTF-8, as `response.text()` reads it); an abort cancels the read. */
export async function readTextUntilAborted(response: Response, signal: AbortSignal): Promise<string> {
  if (response.body === null) return "";
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel(signal.reason).catch(() => undefined);
  if (signal.aborted) cancel();
  signal.addEventListener("abort", cancel, { once: true });
  try {
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      // A cancelled read ends as if the body were complete: only the signal tells it was cut off.
      if (signal.aborted) throw signal.reason;
      if (done) return new TextDecoder().decode(Buffer.concat(chunks));
      chunks.push(value);
    }
  } finally {
    signal.removeEventListener("abort", cancel);
  }
}
