// Test data of the automatic checks: a mono call with a 31 s hold and a stereo call with overtalk, as the
// analysis API answers them.
import type { TRecordingAnalysisReply, TRecordingChecks, TTimeSpan } from '@crm/shared';

const span = (startSec: number, endSec: number): TTimeSpan => ({ startSec, endSec });

/**
 * 200 s, mono: speech 0–10, 11.5–60, 64–134, 165–200; so silences of 1.5 s (a pause), 4 s and 31 s (a hold at 02:14).
 */
export function monoWithHold(): TRecordingAnalysisReply {
  return {
    status: 'done',
    durationSec: 200,
    sampleRate: 8000,
    channels: [{ speechSec: 163.5, silenceTotalSec: 36.5, longestSilenceSec: 31, holds: [span(134, 165)] }],
    deadAir: { totalSec: 36.5, longestSec: 31, holds: [span(134, 165)] },
    clippingShare: 0,
    tooQuiet: false,
    holdSeconds: 30,
    peaks: Array.from({ length: 200 }, (_, i) => (i >= 134 && i < 165 ? 0 : 0.5)),
    speech: [[span(0, 10), span(11.5, 60), span(64, 134), span(165, 200)]],
  };
}

/**
 * 120 s, stereo: the agent 0–20, 30–50, 80–100; the customer 18–28, 45–60, 100–117.5. Dead air 28–30 (2 s),
 * 60–80 (20 s) and 117.5–120 (2.5 s); overtalk 18–20 and 45–50.
 */
export function stereoWithOvertalk(): TRecordingAnalysisReply {
  return {
    status: 'done',
    durationSec: 120,
    sampleRate: 8000,
    channels: [
      { speechSec: 60, silenceTotalSec: 60, longestSilenceSec: 30, holds: [] },
      { speechSec: 42.5, silenceTotalSec: 77.5, longestSilenceSec: 40, holds: [] },
    ],
    deadAir: { totalSec: 24.5, longestSec: 20, holds: [] },
    talkRatio: 0.38,
    overtalk: { count: 3, totalSec: 7 },
    longestMonologueSec: 20,
    clippingShare: 0,
    tooQuiet: false,
    holdSeconds: 30,
    peaks: Array.from({ length: 120 }, () => 0.4),
    speech: [
      [span(0, 20), span(30, 50), span(80, 100)],
      [span(18, 28), span(45, 60), span(100, 117.5)],
    ],
    overtalkSpans: [span(18, 20), span(45, 50)],
  };
}

export function pendingReply(): TRecordingAnalysisReply {
  return {
    status: 'pending',
    durationSec: 0,
    sampleRate: 0,
    channels: [],
    clippingShare: 0,
    tooQuiet: false,
    holdSeconds: 30,
    peaks: [],
    speech: [],
  };
}

/** The brief a search result carries: the reply without what only the player draws. */
export function checksOf(reply: TRecordingAnalysisReply): TRecordingChecks {
  const { peaks: _peaks, speech: _speech, overtalkSpans: _overtalk, ...checks } = reply;
  return checks;
}
