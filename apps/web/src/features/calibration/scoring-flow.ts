// An inspector's way through a session's calls (docs/guide/calibration.md): the call that opens first, the one that
// opens after a Submit (the next not yet scored), and the banner that says what was saved and which call is next.
import { CALIBRATION_MESSAGES, type TCalibrationCall, type TCalibrationScoring } from '@crm/shared';

type TCallRef = Pick<TCalibrationCall, 'id' | 'position' | 'consumerNumber' | 'callDate' | 'myScoring'>;

const byPosition = <T extends TCallRef>(calls: readonly T[]): T[] => [...calls].sort((a, b) => a.position - b.position);

/** The call to open with the session: the first the inspector has not scored, else the first. */
export function firstToScore<T extends TCallRef>(calls: readonly T[]): T | undefined {
  const ordered = byPosition(calls);
  return ordered.find((c) => c.myScoring === null) ?? ordered[0];
}

/**
 * The call to open once `doneId` is submitted: the first not yet scored after it, else the first before it (the
 * session's list may still show `doneId` unscored: it is skipped); null when every call is scored.
 */
export function nextToScore<T extends TCallRef>(calls: readonly T[], doneId: number): T | null {
  const ordered = byPosition(calls);
  const at = ordered.findIndex((c) => c.id === doneId);
  const rotated = at < 0 ? ordered : [...ordered.slice(at + 1), ...ordered.slice(0, at)];
  return rotated.find((c) => c.myScoring === null && c.id !== doneId) ?? null;
}

export type TScoredNotice = {
  /** "Scoring submitted: call 2 (total 85, Meet Expectation)." */
  saved: string;
  /** "Next: call 3, +8801712000103 on 2021-09-07." or "All 3 calls of this session are scored." */
  next: string;
  /** Every call scored: the banner offers the results. */
  done: boolean;
};

export function scoredNotice(
  call: Pick<TCalibrationCall, 'position'>,
  scoring: Pick<TCalibrationScoring, 'total' | 'grade'>,
  next: Pick<TCalibrationCall, 'position' | 'consumerNumber' | 'callDate'> | null,
  callCount: number,
): TScoredNotice {
  const saved = `${CALIBRATION_MESSAGES.scored}: call ${call.position} (total ${scoring.total}, ${scoring.grade}).`;
  if (next === null)
    return {
      saved,
      next:
        callCount === 1 ? 'The call of this session is scored.' : `All ${callCount} calls of this session are scored.`,
      done: true,
    };
  return { saved, next: `Next: call ${next.position}, ${next.consumerNumber} on ${next.callDate}.`, done: false };
}
