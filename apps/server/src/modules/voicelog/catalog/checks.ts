// A recording's row of the index as the API gives it: the brief (search results, chips) and the full answer (player).
import {
  ZAudioAnalysis,
  type TAnalysisStatus,
  type TAudioAnalysis,
  type TRecordingAnalysisReply,
  type TRecordingChecks,
} from '@crm/shared';

export type TChecksRow = {
  analysisStatus: TAnalysisStatus;
  analysisReason: string | null;
  analysis: unknown;
  durationSec: number | null;
  holdSeconds: number | null;
};

/** The stored analysis without its waveform: what a brief needs (search selects `analysis - 'peaks'`). */
const ZStoredBrief = ZAudioAnalysis.omit({ peaks: true });

function waiting(row: TChecksRow, holdSeconds: number): TRecordingChecks {
  return {
    status: row.analysisStatus === 'done' ? 'pending' : row.analysisStatus,
    ...(row.analysisReason === null ? {} : { reason: row.analysisReason }),
    durationSec: row.durationSec ?? 0,
    sampleRate: 0,
    channels: [],
    clippingShare: 0,
    tooQuiet: false,
    holdSeconds,
  };
}

function briefOf(a: Omit<TAudioAnalysis, 'peaks'>, holdSeconds: number): TRecordingChecks {
  return {
    status: 'done',
    durationSec: a.durationSec,
    sampleRate: a.sampleRate,
    channels: a.channels.map((c) => ({
      speechSec: c.speechSec,
      silenceTotalSec: c.silenceTotalSec,
      longestSilenceSec: c.longestSilenceSec,
      holds: c.holds,
    })),
    deadAir: a.deadAir,
    ...(a.talkRatio === undefined ? {} : { talkRatio: a.talkRatio }),
    ...(a.overtalk === undefined ? {} : { overtalk: { count: a.overtalk.count, totalSec: a.overtalk.totalSec } }),
    ...(a.longestMonologueSec === undefined ? {} : { longestMonologueSec: a.longestMonologueSec }),
    clippingShare: a.clippingShare,
    tooQuiet: a.tooQuiet,
    holdSeconds,
  };
}

/** The brief of a row; `holdSeconds` is the current HOLD_SECONDS, for a recording not analysed yet. */
export function checksOf(row: TChecksRow, holdSeconds: number): TRecordingChecks {
  if (row.analysisStatus !== 'done') return waiting(row, holdSeconds);
  const parsed = ZStoredBrief.safeParse(row.analysis);
  return parsed.success ? briefOf(parsed.data, row.holdSeconds ?? holdSeconds) : waiting(row, holdSeconds);
}

/** The full answer of GET /api/voicelog/analysis: the brief, the waveform and the spans the player shades. */
export function analysisReplyOf(row: TChecksRow, holdSeconds: number): TRecordingAnalysisReply {
  const parsed = row.analysisStatus === 'done' ? ZAudioAnalysis.safeParse(row.analysis) : undefined;
  if (!parsed?.success) return { ...waiting(row, holdSeconds), peaks: [], speech: [] };
  const a = parsed.data;
  return {
    ...briefOf(a, row.holdSeconds ?? holdSeconds),
    peaks: a.peaks,
    speech: a.channels.map((c) => c.speech),
    ...(a.overtalk === undefined ? {} : { overtalkSpans: a.overtalk.spans }),
  };
}
