// The camera stops by itself after a minute without a code: a till left with the camera on would
// otherwise keep a light on and a core busy all day.

export const idleStopMs = 60_000;

/** The timers the rule runs on, injected so tests move time by hand. */
export interface CameraClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface IdleStop {
  /** A code counted: the minute starts again. */
  codeCounted(): void;
  /** The camera stopped for another reason: no timer is left behind. */
  cancel(): void;
}

export function startIdleStop(clock: CameraClock, onIdle: () => void, afterMs = idleStopMs): IdleStop {
  let timer: unknown = null;
  const arm = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = clock.setTimeout(() => {
      timer = null;
      onIdle();
    }, afterMs);
  };
  arm();
  return {
    codeCounted: arm,
    cancel() {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}
