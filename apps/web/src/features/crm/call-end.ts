// How a call ends (docs/guide/call-loop.md, Dispositions): the survey's end, the dispositions that end allows, the one chosen
// for the agent before they choose, and the words said once it is saved. Pure: the call screen's state holds it.
import {
  dispositionFitsEnd,
  SAVE_CALLBACK_KEY,
  SAVE_DISPOSITION_KEY,
  SURVEY_MESSAGES,
  type TDisposition,
  type TLeadSaveBody,
} from '@crm/shared';
import type { TCallbackForm } from './callback-time.ts';

/**
 * completed / notCompleted: a logic rule's end (or the last question's); partial: Partial Call; savedNotCompleted:
 * a completed call refused because its quota filled, saved as not completed.
 */
export type TOutcome = 'completed' | 'notCompleted' | 'partial' | 'savedNotCompleted';

/** The survey's part of the save, waiting for its disposition. */
export type TCallEnd = { outcome: TOutcome; body: TLeadSaveBody };

export const OUTCOME_MESSAGES: Record<TOutcome, string> = {
  completed: SURVEY_MESSAGES.ended,
  notCompleted: SURVEY_MESSAGES.ended,
  partial: SURVEY_MESSAGES.partial,
  savedNotCompleted: 'Saved as not completed: the quota is full, so no quota counts this call.',
};

export const isCompletedOutcome = (outcome: TOutcome) => outcome === 'completed';

/** The campaign's dispositions this end allows, in the campaign's order (keys 1–9 choose the first nine). */
export function dispositionsForEnd(dispositions: readonly TDisposition[], outcome: TOutcome): TDisposition[] {
  return dispositions.filter((d) => dispositionFitsEnd(d.kind, isCompletedOutcome(outcome)));
}

/**
 * The disposition chosen before the agent chooses: a completed end the first completed one, a Partial Call the first
 * callback one; an end not completed none (the agent says why).
 */
export function preselectedDisposition(allowed: readonly TDisposition[], outcome: TOutcome): string | null {
  const kind = outcome === 'completed' ? 'completed' : outcome === 'partial' ? 'callback' : null;
  return kind === null ? null : (allowed.find((d) => d.kind === kind)?.code ?? null);
}

/**
 * The save's body with its disposition and, for a callback disposition, the callback (a dialer's call sends it to
 * VICIdial with the disposition; the callback itself is set after the save).
 */
export function saveBodyWith(
  end: TCallEnd,
  disposition: TDisposition | null,
  callback: TCallbackForm | null = null,
): Record<string, unknown> {
  if (disposition === null) return end.body;
  const body = { ...end.body, [SAVE_DISPOSITION_KEY]: disposition.code };
  return callback === null
    ? body
    : {
        ...body,
        [SAVE_CALLBACK_KEY]: { at: callback.at.trim(), mineOnly: callback.mineOnly, note: callback.note.trim() },
      };
}
