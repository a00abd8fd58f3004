// The shaded stretches of the player's waveform, from a recording's analysis: dead air (where no channel speaks,
// from 2 s), the holds over the limit (darker) and, on stereo calls, overtalk; each with the words a screen reader
// and a test find it by ("Hold 31 s at 02:14").
import type { TRecordingAnalysisReply, TTimeSpan } from '@crm/shared';
import { clockAt, secondsText } from '../../components/check-text.ts';

/** Shorter silences are the pauses of a conversation, not dead air worth a look. */
export const MIN_SHADED_SILENCE_SEC = 2;

export type TRegionKind = 'silence' | 'hold' | 'overtalk';

export type TWaveformRegion = TTimeSpan & { kind: TRegionKind; label: string };

const KIND_WORDS: Record<TRegionKind, string> = { silence: 'Silence', hold: 'Hold', overtalk: 'Overtalk' };

export function regionLabel(kind: TRegionKind, span: TTimeSpan): string {
  return `${KIND_WORDS[kind]} ${secondsText(span.endSec - span.startSec)} at ${clockAt(span.startSec)}`;
}

/** The spans of every channel merged where they touch or overlap, in order. */
export function unionOfSpans(channels: readonly (readonly TTimeSpan[])[]): TTimeSpan[] {
  const all = channels
    .flat()
    .filter((s) => s.endSec > s.startSec)
    .toSorted((a, b) => a.startSec - b.startSec);
  const merged: TTimeSpan[] = [];
  for (const span of all) {
    const last = merged.at(-1);
    if (last !== undefined && span.startSec <= last.endSec) last.endSec = Math.max(last.endSec, span.endSec);
    else merged.push({ ...span });
  }
  return merged;
}

/** Where nothing of `spans` (ordered, disjoint) lies within 0..durationSec. */
export function gapsOf(spans: readonly TTimeSpan[], durationSec: number): TTimeSpan[] {
  const gaps: TTimeSpan[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.startSec > at) gaps.push({ startSec: at, endSec: Math.min(span.startSec, durationSec) });
    at = Math.max(at, span.endSec);
  }
  if (durationSec > at) gaps.push({ startSec: at, endSec: durationSec });
  return gaps.filter((g) => g.endSec > g.startSec);
}

const overlaps = (a: TTimeSpan, b: TTimeSpan) => a.startSec < b.endSec && b.startSec < a.endSec;

/**
 * The regions to shade, in time order: holds as the server found them, the other silences of 2 s or more (a silence
 * that is a hold is shaded once, as the hold), and overtalk. None for a recording not (yet) analysed.
 */
export function waveformRegions(reply: TRecordingAnalysisReply): TWaveformRegion[] {
  if (reply.status !== 'done' || reply.durationSec <= 0) return [];
  const holds = reply.deadAir?.holds ?? [];
  const silences = gapsOf(unionOfSpans(reply.speech), reply.durationSec).filter(
    (gap) => gap.endSec - gap.startSec >= MIN_SHADED_SILENCE_SEC && !holds.some((hold) => overlaps(gap, hold)),
  );
  const regions: TWaveformRegion[] = [
    ...holds.map((span) => ({ ...span, kind: 'hold' as const, label: regionLabel('hold', span) })),
    ...silences.map((span) => ({ ...span, kind: 'silence' as const, label: regionLabel('silence', span) })),
    ...(reply.overtalkSpans ?? []).map((span) => ({
      ...span,
      kind: 'overtalk' as const,
      label: regionLabel('overtalk', span),
    })),
  ];
  return regions.toSorted((a, b) => a.startSec - b.startSec);
}
