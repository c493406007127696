// The scan tones through a recording stand-in for Web Audio (the machine has no sound device).
import { describe, expect, it } from "vitest";
import { createScanSound } from "../../../src/renderer/src/scan/scan-sound.ts";

function recordingAudio() {
  const started: number[] = [];
  const node = () => ({ connect: (next: unknown) => next });
  const context = {
    currentTime: 10,
    destination: {},
    createGain: () => ({ ...node(), gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} } }),
    createOscillator: () => ({
      ...node(),
      frequency: { value: 0 },
      start: (at: number) => started.push(at),
      stop() {},
    }),
  };
  return { started, context: () => context as unknown as AudioContext };
}

describe("scan sound", () => {
  it("plays one short tone for found and two for not found", () => {
    const audio = recordingAudio();
    const sound = createScanSound(audio.context);
    sound.found();
    expect(audio.started).toEqual([10]);
    sound.notFound();
    expect(audio.started).toEqual([10, 10, 10.18]);
  });

  it("stays silent where there is no audio", () => {
    expect(() => createScanSound(() => null).found()).not.toThrow();
  });
});
