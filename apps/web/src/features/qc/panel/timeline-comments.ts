// Comments on a moment of the call being scored (docs/qc-records.md, Comments): M (or "Comment at 0:42") at the playing
// moment, typed in a small box under the player. A call has no QC record until Submit, so they are held in the panel,
// each with the recording it was made on, and Submit posts those of the linked recording to the in-house record.
import type { TQcRecordCommentCreateInput } from '@crm/shared';
import { formatClock } from '../../../components/recording/RecordingPlayer.tsx';
import type { TWaveformMarker } from '../../../components/recording/waveform-markers.ts';
import { isTypingTarget } from '../../../components/recording/player-keys.ts';

/** A comment typed on the panel, not posted yet; id is the panel's own (1, 2, …). */
export type THeldComment = { id: number; fileName: string; atSeconds: number; text: string };

/** The comment box, open at a moment of a recording; closed otherwise. */
export type TCommentBox = { kind: 'closed' } | { kind: 'open'; fileName: string; atSeconds: number };

export const COMMENT_KEY = 'M';
export const COMMENT_KEY_NOTE = 'M comments on the playing moment.';

/** The moment a comment names: whole seconds (as the clock shows it, and never past the record's whole-second length). */
export const momentOf = (currentTime: number): number =>
  Number.isFinite(currentTime) ? Math.max(0, Math.floor(currentTime)) : 0;

export const commentButtonText = (atSeconds: number) => `Comment at ${formatClock(atSeconds)}`;

/** M (without Ctrl, Alt or ⌘; never while typing, nor in a dialog) asks for a comment at the playing moment. */
export function isCommentKey(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'target' | 'defaultPrevented' | 'repeat'>,
): boolean {
  if (event.defaultPrevented || event.repeat || event.altKey || event.ctrlKey || event.metaKey) return false;
  if (event.key !== 'm' && event.key !== 'M') return false;
  if (isTypingTarget(event.target)) return false;
  return !(event.target instanceof Element && event.target.closest('[role="dialog"], [aria-modal="true"]') !== null);
}

/** The held comments of one recording, by moment (then as typed). */
export function commentsOn(held: readonly THeldComment[], fileName: string | null): THeldComment[] {
  if (fileName === null) return [];
  return held.filter((c) => c.fileName === fileName).sort((a, b) => a.atSeconds - b.atSeconds || a.id - b.id);
}

/** The waveform's markers of a recording's held comments, named as the agent's review names them. */
export function heldMarkers(held: readonly THeldComment[], fileName: string | null): TWaveformMarker[] {
  return commentsOn(held, fileName).map((c) => ({
    id: `held-${c.id}`,
    atSeconds: c.atSeconds,
    label: `${commentButtonText(c.atSeconds)}: ${c.text}`,
  }));
}

/**
 * What Submit posts: the comments on the recording linked to the record (else the one chosen: the record then has no
 * recording, the moments still read), minus those posted by an earlier Submit.
 */
export function commentsToPost(
  held: readonly THeldComment[],
  fileName: string | null,
  posted: readonly number[],
): THeldComment[] {
  return commentsOn(held, fileName).filter((c) => !posted.includes(c.id));
}

export const postBody = (c: THeldComment): TQcRecordCommentCreateInput => ({ atSeconds: c.atSeconds, text: c.text });
