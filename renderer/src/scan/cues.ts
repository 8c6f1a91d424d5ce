import { createStore, useStore } from '../ui/store';

/**
 * Scan cues: a tone (Web Audio, no sound files) and a visual badge for each scan's fate. Accepted is
 * one short high tone, merged two rising ones (the scan added to something already there), refused a
 * low longer buzz. The badge says the same in words, so the cue never rests on sound or color alone.
 */
export type CueKind = 'accepted' | 'merged' | 'refused';

/**
 * What the cue answers: a scan (the detector judged the keys a scan), or keys a person typed or a
 * button pressed. Only a scan's cue says "Scan …": a person's typing is never called a scan.
 */
export type CueOrigin = 'scan' | 'typing';

export interface VisualCue {
  id: number;
  /** `checking`: a scan's lookup waits on the service; silent, and replaced by the scan's own cue. */
  kind: CueKind | 'checking';
  origin: CueOrigin;
  text: string;
}

const TONES: Record<CueKind, Array<{ hz: number; ms: number; type: OscillatorType }>> = {
  accepted: [{ hz: 1320, ms: 70, type: 'sine' }],
  merged: [
    { hz: 880, ms: 60, type: 'sine' },
    { hz: 1320, ms: 60, type: 'sine' },
  ],
  refused: [{ hz: 220, ms: 260, type: 'square' }],
};

let context: AudioContext | null = null;
let muted = false;

export function setCuesMuted(value: boolean): void {
  muted = value;
}

/** Creates or resumes the audio context; call it while handling a key (browsers allow sound after a user gesture). */
export function primeAudio(): void {
  if (muted || typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  // A context the page may not start yet stays silent; the next key press primes it again.
  if (context.state === 'suspended') context.resume().catch(() => undefined);
}

function playTones(kind: CueKind) {
  if (muted || typeof AudioContext === 'undefined') return;
  primeAudio();
  const ctx = context!;
  let at = ctx.currentTime;
  for (const tone of TONES[kind]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = tone.type;
    osc.frequency.value = tone.hz;
    // A short attack and release: no click at either end.
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(0.12, at + 0.005);
    gain.gain.setValueAtTime(0.12, at + tone.ms / 1000 - 0.01);
    gain.gain.linearRampToValueAtTime(0, at + tone.ms / 1000);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + tone.ms / 1000);
    at += tone.ms / 1000 + 0.03;
  }
}

const visual = createStore<VisualCue | null>(null);
let nextId = 1;
let hideTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Shows and sounds a cue. `text` says what happened ("WRO 5012"); for a refusal, why ("Nothing
 * matches 123").
 */
export function cue(kind: CueKind, text: string, origin: CueOrigin): void {
  playTones(kind);
  visual.set({ id: nextId++, kind, origin, text });
  if (hideTimer) clearTimeout(hideTimer);
  hideTimer = setTimeout(() => visual.set(null), kind === 'refused' ? 4000 : 1800);
}

/**
 * Says, without a sound, that a scan is being looked up on the service: the desk's own answers (the
 * item cache, the account mirror) come within milliseconds, so one that waits is the service's. The
 * scan's outcome cue replaces it; it hides by itself only if none ever comes.
 */
export function checkingCue(text: string): void {
  visual.set({ id: nextId++, kind: 'checking', origin: 'scan', text });
  if (hideTimer) clearTimeout(hideTimer);
  hideTimer = setTimeout(() => visual.set(null), 60_000);
}

export function useVisualCue(): VisualCue | null {
  return useStore(visual);
}
