// The automatic checks of a recorded call (README, Automatic checks): speech and silence per channel, holds longer
// than HOLD_SECONDS, and on stereo calls the talk ratio and overtalk; clipping, a too-quiet flag and waveform peaks.
import { z } from 'zod';

/** A silence longer than this many seconds is a hold (the scorecard's client rule names a 30-second hold). */
export const DEFAULT_HOLD_SECONDS = 30;
/** Points of the waveform drawn in the player (each the loudest absolute sample of its stretch, 0..1). */
export const WAVEFORM_POINTS = 1000;

export const ZTimeSpan = z.object({ startSec: z.number().nonnegative(), endSec: z.number().nonnegative() });
export type TTimeSpan = z.infer<typeof ZTimeSpan>;

/** One channel's figures (mono: the only one; stereo: 0 left, 1 right). */
export const ZChannelAnalysis = z.object({
  speechSec: z.number().nonnegative(),
  silenceTotalSec: z.number().nonnegative(),
  longestSilenceSec: z.number().nonnegative(),
  /** Silences longer than HOLD_SECONDS, in order. */
  holds: z.array(ZTimeSpan),
  /** Where the channel speaks, in order (the player shades the rest). */
  speech: z.array(ZTimeSpan),
});
export type TChannelAnalysis = z.infer<typeof ZChannelAnalysis>;

/** What the analysis found in a readable recording. */
export const ZAudioAnalysis = z.object({
  durationSec: z.number().nonnegative(),
  sampleRate: z.number().int().positive(),
  channels: z.array(ZChannelAnalysis).min(1),
  /**
   * Silence of the whole call: where no channel speaks (dead air), its longest stretch and the holds in it. On a mono
   * recording the same as its channel's.
   */
  deadAir: z.object({ totalSec: z.number().nonnegative(), longestSec: z.number().nonnegative(), holds: z.array(ZTimeSpan) }),
  /** Stereo only: the agent's share of the talk time (0..1), the agent's channel being ANALYSIS_AGENT_CHANNEL. */
  talkRatio: z.number().min(0).max(1).optional(),
  /** Stereo only: stretches where both channels speak at once. */
  overtalk: z.object({ count: z.number().int().nonnegative(), totalSec: z.number().nonnegative(), spans: z.array(ZTimeSpan) }).optional(),
  /** Stereo only: the agent's longest stretch of talk without the customer speaking. */
  longestMonologueSec: z.number().nonnegative().optional(),
  /** Share of samples at or next to full scale (0..1), over all channels. */
  clippingShare: z.number().min(0).max(1),
  /** The speech is so quiet that listening will be hard (or there is no speech at all). */
  tooQuiet: z.boolean(),
  /** WAVEFORM_POINTS values 0..1 (fewer for a very short recording), all channels together. */
  peaks: z.array(z.number().min(0).max(1)),
});
export type TAudioAnalysis = z.infer<typeof ZAudioAnalysis>;
