// The Hold Process row's hint (docs/guide/voicelog.md, Automatic checks): the holds over the limit the analysis found in the
// recording playing, as "Hold of 31 s at 02:14", each a link that seeks the player there. Only a hint: the
// inspector still chooses the mark.
import type { TRecordingAnalysisReply, TTimeSpan } from '@crm/shared';
import { clockAt, secondsText } from '../../../components/check-text.ts';

/** More holds than this are summed up as "and N more" (the row stays one or two lines). */
export const HINT_MAX_HOLDS = 3;

export type THoldHint = { startSec: number; text: string };

export function holdHintText(hold: TTimeSpan): string {
  return `Hold of ${secondsText(hold.endSec - hold.startSec)} at ${clockAt(hold.startSec)}`;
}

/**
 * The holds to point at, in time order: all of them up to HINT_MAX_HOLDS, else the longest ones; `more` counts the
 * rest. Nothing for a recording without a hold or not analysed yet.
 */
export function holdHints(analysis: TRecordingAnalysisReply | undefined): { hints: THoldHint[]; more: number } {
  const holds = analysis?.status === 'done' ? (analysis.deadAir?.holds ?? []) : [];
  const shown = holds
    .toSorted((a, b) => b.endSec - b.startSec - (a.endSec - a.startSec))
    .slice(0, HINT_MAX_HOLDS)
    .toSorted((a, b) => a.startSec - b.startSec);
  return {
    hints: shown.map((hold) => ({ startSec: hold.startSec, text: holdHintText(hold) })),
    more: holds.length - shown.length,
  };
}
