// The automatic checks of a recorded call (docs/guide/voicelog.md, Automatic checks): speech and silence per channel, holds longer
// than HOLD_SECONDS, and on stereo calls the talk ratio and overtalk; clipping, a too-quiet flag and waveform peaks.
import { z } from 'zod';
// DEFAULT_HOLD_SECONDS and WAVEFORM_POINTS: domain/recording-checks.ts.

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
  deadAir: z.object({
    totalSec: z.number().nonnegative(),
    longestSec: z.number().nonnegative(),
    holds: z.array(ZTimeSpan),
  }),
  /** Stereo only: the agent's share of the talk time (0..1), the agent's channel being ANALYSIS_AGENT_CHANNEL. */
  talkRatio: z.number().min(0).max(1).optional(),
  /** Stereo only: stretches where both channels speak at once. */
  overtalk: z
    .object({ count: z.number().int().nonnegative(), totalSec: z.number().nonnegative(), spans: z.array(ZTimeSpan) })
    .optional(),
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

// ---- What the API answers (GET /api/voicelog/analysis, and each search result's `checks`) ----

export const ANALYSIS_STATUSES = ['pending', 'done', 'unreadable'] as const;
export type TAnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

export const ANALYSIS_MESSAGES = {
  pending: 'Being analysed…',
  notIndexed: 'This recording is not in the recordings index',
  /** A job that failed every attempt (a crash, not an unreadable file): never retried again until the file changes. */
  failed: (attempts: number, detail: string) => `The analysis failed ${attempts} times: ${detail}`,
} as const;

/** One channel's figures as the API gives them (the speech spans only in the full answer). */
export const ZChannelChecks = ZChannelAnalysis.pick({
  speechSec: true,
  silenceTotalSec: true,
  longestSilenceSec: true,
  holds: true,
});
export type TChannelChecks = z.infer<typeof ZChannelChecks>;

/**
 * A recording's checks in brief: what search results carry and the chips show. Pending and unreadable recordings
 * have no figures yet (durationSec is the index's, 0 when unknown; sampleRate 0; channels empty).
 */
export const ZRecordingChecks = z.object({
  status: z.enum(ANALYSIS_STATUSES),
  /** Why the recording could not be analysed (unreadable only). */
  reason: z.string().optional(),
  durationSec: z.number().nonnegative(),
  sampleRate: z.number().int().nonnegative(),
  channels: z.array(ZChannelChecks),
  /** Where no channel speaks: total, longest, and the holds (longer than holdSeconds). */
  deadAir: z
    .object({ totalSec: z.number().nonnegative(), longestSec: z.number().nonnegative(), holds: z.array(ZTimeSpan) })
    .optional(),
  talkRatio: z.number().min(0).max(1).optional(),
  overtalk: z.object({ count: z.number().int().nonnegative(), totalSec: z.number().nonnegative() }).optional(),
  longestMonologueSec: z.number().nonnegative().optional(),
  clippingShare: z.number().min(0).max(1),
  tooQuiet: z.boolean(),
  /** HOLD_SECONDS when the recording was analysed. */
  holdSeconds: z.number().positive(),
});
export type TRecordingChecks = z.infer<typeof ZRecordingChecks>;

/** GET /api/voicelog/analysis?fileName={yyyy-MM-dd}/{file}: the brief plus what the player draws. */
export const ZRecordingAnalysisReply = ZRecordingChecks.extend({
  peaks: z.array(z.number().min(0).max(1)),
  /** Speech spans per channel, in the order of `channels` (the player shades silences from them). */
  speech: z.array(z.array(ZTimeSpan)),
  /** Stereo only: where both channels speak at once. */
  overtalkSpans: z.array(ZTimeSpan).optional(),
});
export type TRecordingAnalysisReply = z.infer<typeof ZRecordingAnalysisReply>;

export const ZRecordingAnalysisQuery = z.object({
  fileName: z.string({ message: 'fileName is required' }).min(1, 'fileName is required').max(300),
});

/** Search results sorted by a check (worst first), or by call time (the default). */
export const VOICE_LOG_SORTS = ['time', 'longestSilence', 'deadAir', 'talkRatio', 'overtalk'] as const;
export type TVoiceLogSort = (typeof VOICE_LOG_SORTS)[number];
