// What the agent reads under a record of the QC Review (issue 37, docs/qc-records.md): the dispute window's text, the
// timeline's markers over the recording, and whether the record may still be acknowledged.
import type { TAgentQcRecord, TQcRecordComment } from '@crm/shared';
import { dayText } from '../../../app/time-zone.ts';
import { formatClock } from '../../../components/recording/RecordingPlayer.tsx';

/** "Dispute until 2026-12-08" while the window is open, "Dispute window closed on 2026-12-08" after (the centre's day). */
export function disputeWindowText(disputeUntil: string, now: Date): string {
  const until = new Date(disputeUntil);
  if (Number.isNaN(until.getTime())) return '';
  return until > now ? `Dispute until ${dayText(until)}` : `Dispute window closed on ${dayText(until)}`;
}

export type TTimelineMarker = { id: number; atSeconds: number; text: string; percent: number };

/** The comments on a moment of the recording, by moment, each placed over the recording's length (0–100 %). */
export function timelineMarkers(comments: readonly TQcRecordComment[], duration: number | null): TTimelineMarker[] {
  const timed = comments
    .filter((c): c is TQcRecordComment & { atSeconds: number } => c.atSeconds !== null)
    .sort((a, b) => a.atSeconds - b.atSeconds || a.id - b.id);
  // Without a known length the last comment's moment is the end of the bar.
  const span = duration !== null && duration > 0 ? duration : Math.max(...timed.map((c) => c.atSeconds), 0);
  return timed.map((c) => ({
    id: c.id,
    atSeconds: c.atSeconds,
    text: c.text,
    percent: span <= 0 ? 0 : Math.min(100, Math.max(0, (c.atSeconds / span) * 100)),
  }));
}

/** What a marker's button says: "Play from 0:42: Talked over the customer". */
export const markerLabel = (m: Pick<TTimelineMarker, 'atSeconds' | 'text'>): string =>
  `Play from ${formatClock(m.atSeconds)}: ${m.text}`;

/**
 * acknowledged: signed off (with when and the comment); open: the agent may sign it off; none: not theirs to sign
 * (someone else looking, or a record the agent answered with a concern or a dispute instead).
 */
export type TAcknowledgeState =
  { kind: 'acknowledged'; at: string; comment: string } | { kind: 'open' } | { kind: 'none' };

export function acknowledgeState(record: TAgentQcRecord, isAgent: boolean): TAcknowledgeState {
  const at = record.acknowledgedAt ?? null;
  if (at !== null) return { kind: 'acknowledged', at, comment: record.acknowledgementComment ?? '' };
  if (!isAgent || isDisputed(record)) return { kind: 'none' };
  return { kind: 'open' };
}

/** A raised concern (a dispute raises one) is the agent's answer instead of a sign-off. */
export function isDisputed(record: TAgentQcRecord): boolean {
  return record.review !== null && record.review.raiseConcern;
}
