// A short tone for found (one high beep) and not found (two low ones), made with Web Audio so no
// sound file ships. Where audio is unavailable (tests, locked-down machines) it stays silent.

export interface ScanSound {
  found(): void;
  notFound(): void;
}

type Tone = { frequency: number; start: number; length: number };

export function createScanSound(audioContext: () => AudioContext | null = defaultContext): ScanSound {
  let context: AudioContext | null | undefined;

  function play(tones: Tone[]) {
    context ??= audioContext();
    if (!context) return;
    const now = context.currentTime;
    for (const tone of tones) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = tone.frequency;
      gain.gain.setValueAtTime(0.15, now + tone.start);
      gain.gain.exponentialRampToValueAtTime(0.001, now + tone.start + tone.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + tone.start);
      oscillator.stop(now + tone.start + tone.length);
    }
  }

  return {
    found: () => play([{ frequency: 1760, start: 0, length: 0.08 }]),
    notFound: () =>
      play([
        { frequency: 330, start: 0, length: 0.12 },
        { frequency: 330, start: 0.18, length: 0.12 },
      ]),
  };
}

function defaultContext(): AudioContext | null {
  return typeof AudioContext === "function" ? new AudioContext() : null;
}
