// Speech-like audio made in code for the demo's checked calls (demo/checked-calls.ts): voiced syllables (a pitch with
// its harmonics shaped by two vowel formants, a short noise burst for the consonant, a rise and fall of loudness),
// grouped in words and phrases, so that the automatic checks hear speech without espeak-ng being installed. And the
// 16-bit PCM WAV writer for one or two channels (voicelog/wav.ts writes mono only).

/** A talker: the pitch its voice sits at (Hz) and how loud it speaks (peak, 0..1). */
export type TVoice = { pitchHz: number; level: number };

export const AGENT_VOICE: TVoice = { pitchHz: 125, level: 0.28 };
export const CUSTOMER_VOICE: TVoice = { pitchHz: 210, level: 0.24 };

/** First and second formants of five vowels (Hz): a, e, i, o, u. */
const VOWELS: readonly (readonly [number, number])[] = [
  [730, 1090],
  [530, 1840],
  [270, 2290],
  [570, 840],
  [300, 870],
];
/** Harmonics stop below this: the telephone band. */
const BAND_TOP_HZ = 3400;
const FADE_SEC = 0.025;
/** Syllables last 120 to 260 ms; the pauses inside a word 0 to 40 ms, between words 60 to 160 ms (all bridged as one phrase). */
const SYLLABLE_SEC: readonly [number, number] = [0.12, 0.26];
const IN_WORD_GAP_SEC: readonly [number, number] = [0, 0.04];
const WORD_GAP_SEC: readonly [number, number] = [0.06, 0.16];

/** A small deterministic generator (an LCG), so every run makes the same sounds. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const between = (r: () => number, [lo, hi]: readonly [number, number]) => lo + r() * (hi - lo);

/** A formant's weight of a harmonic at `hz`: a resonance about 120 Hz wide. */
const resonance = (hz: number, formant: number) => 1 / (1 + ((hz - formant) / 120) ** 2);

/** One syllable of `n` samples written into `out` at `at`: a short consonant burst, then the voiced vowel. */
function writeSyllable(out: Float32Array, at: number, n: number, rate: number, voice: TVoice, r: () => number): void {
  const [f1, f2] = VOWELS[Math.floor(r() * VOWELS.length)] ?? [700, 1200];
  // The pitch drifts a little over the syllable, as intonation does.
  const f0Start = voice.pitchHz * (0.9 + r() * 0.2);
  const f0End = f0Start * (0.92 + r() * 0.12);
  const harmonics: number[] = [];
  for (let k = 1; k * f0Start < BAND_TOP_HZ; k += 1) {
    const hz = k * f0Start;
    harmonics.push((resonance(hz, f1) + 0.7 * resonance(hz, f2) + 0.05) / Math.sqrt(k));
  }
  const norm = harmonics.reduce((s, a) => s + a, 0);
  const burst = Math.round(n * (0.1 + r() * 0.15));
  const fade = Math.min(Math.round(FADE_SEC * rate), Math.floor(n / 2));
  let phase = 0;
  for (let i = 0; i < n; i += 1) {
    const f0 = f0Start + ((f0End - f0Start) * i) / n;
    phase += (2 * Math.PI * f0) / rate;
    let voiced = 0;
    for (let k = 0; k < harmonics.length; k += 1) voiced += (harmonics[k] ?? 0) * Math.sin((k + 1) * phase);
    // Loudness rises and falls over the syllable (a sine arch), with short fades so the ends do not click.
    const arch = 0.35 + 0.65 * Math.sin((Math.PI * i) / n);
    const edge = fade === 0 ? 1 : Math.min(1, i / fade, (n - 1 - i) / fade);
    const consonant = i < burst ? (2 * r() - 1) * 0.35 * (1 - i / burst) : 0;
    out[at + i] = voice.level * edge * (arch * (voiced / norm) * (i < burst ? i / burst : 1) + consonant);
  }
}

/**
 * `seconds` of one talker's speech: syllables in words, words in one phrase, sounding from the first sample to the
 * last (the last syllable is stretched or cut to end exactly there). `seed` varies the words.
 */
export function speechLike(seconds: number, rate: number, voice: TVoice, seed: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * rate));
  const r = seededRandom(seed);
  let at = 0;
  let syllablesLeftInWord = 1 + Math.floor(r() * 3);
  while (at < out.length) {
    let n = Math.round(between(r, SYLLABLE_SEC) * rate);
    // Too little would be left for a syllable of its own: this one runs to the end.
    if (out.length - at - n < SYLLABLE_SEC[0] * rate) n = out.length - at;
    writeSyllable(out, at, n, rate, voice, r);
    at += n;
    syllablesLeftInWord -= 1;
    const gapRange = syllablesLeftInWord > 0 ? IN_WORD_GAP_SEC : WORD_GAP_SEC;
    if (syllablesLeftInWord === 0) syllablesLeftInWord = 1 + Math.floor(r() * 3);
    const gap = Math.round(between(r, gapRange) * rate);
    // A gap would leave too little for a last syllable: the phrase ends on the syllable just written.
    if (out.length - at - gap < SYLLABLE_SEC[0] * rate) {
      if (at < out.length) writeSyllable(out, at, out.length - at, rate, voice, r);
      break;
    }
    at += gap;
  }
  return out;
}

/** A turn of one talker: where it starts and ends (seconds from the call's start). */
export type TTurn = { startSec: number; endSec: number; voice: TVoice };

/** One channel of `seconds` made of `turns` (silence between them), as 16-bit samples. */
export function renderTurns(turns: readonly TTurn[], seconds: number, rate: number, seed: number): Int16Array {
  const mix = new Float32Array(Math.round(seconds * rate));
  for (const [index, turn] of turns.entries()) {
    const clip = speechLike(turn.endSec - turn.startSec, rate, turn.voice, seed * 31 + index);
    const at = Math.round(turn.startSec * rate);
    for (let i = 0; i < clip.length && at + i < mix.length; i += 1) mix[at + i] = (mix[at + i] ?? 0) + (clip[i] ?? 0);
  }
  return Int16Array.from(mix, (v) => Math.max(-32768, Math.min(32767, Math.round(v * 32767))));
}
