// The call in progress as the server keeps it (a draft): the run's path and answers written with question numbers
// (Q1, Q2, … are never reused), and back again when the call resumes. Pure: the hooks send and read it.
import {
  activeQuestions,
  type TCallDraft,
  type TCallDraftBody,
  type TSavedCall,
  type TSurveyQuestion,
} from '@crm/shared';
import { runAnswerFromLead, storedAnswerText, type TRunAnswer, type TSurveyRun } from './survey-run.ts';

/** The draft of a run: the questions shown by qno, every answer given (also of questions backed out of). */
export function draftOfRun(
  questions: readonly TSurveyQuestion[],
  run: TSurveyRun,
  leadVersion: number | undefined,
): TCallDraftBody {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const path = run.path.flatMap((id) => {
    const q = byId.get(id);
    return q === undefined ? [] : [q.qno];
  });
  const answers: Record<string, string> = {};
  for (const [id, answer] of Object.entries(run.answers)) {
    const q = byId.get(Number(id));
    const text = q === undefined ? null : storedAnswerText(q.type, answer);
    if (q !== undefined && text !== null) answers[q.qno] = text;
  }
  return { path, answers, leadVersion: leadVersion ?? null };
}

/**
 * The run a draft left, on the survey as it is now: questions deleted or switched off since are left out of the path
 * (undefined when none of it is left), answers the question can no longer hold are dropped by the answer check later.
 */
export function runFromDraft(
  questions: readonly TSurveyQuestion[],
  draft: Pick<TCallDraft, 'path' | 'answers'>,
): TSurveyRun | undefined {
  const byQno = new Map(activeQuestions(questions).map((q) => [q.qno, q]));
  const path = draft.path.flatMap((qno) => {
    const q = byQno.get(qno);
    return q === undefined ? [] : [q.id];
  });
  if (path.length === 0) return undefined;
  const answers: Record<number, TRunAnswer> = {};
  for (const [qno, stored] of Object.entries(draft.answers)) {
    const q = byQno.get(qno);
    const answer = q === undefined ? undefined : runAnswerFromLead(q.type, stored);
    if (q !== undefined && answer !== undefined) answers[q.id] = answer;
  }
  return { path, answers };
}

/** How soon after its Partial Call's save the draft that keeps the typed text is written (one request later). */
export const PARKED_DRAFT_WINDOW_MS = 60_000;

/**
 * A draft the caller's own Partial Call left (the text typed at the question it stopped at, kept for the resume), not a
 * call left open: the lead's last save of theirs is that Partial Call, at the draft's question, just before the draft.
 * Such a call is listed to resume but not opened on arrival.
 */
export function isParkedDraft(
  draft: Pick<TCallDraft, 'leadId' | 'currentQno' | 'updatedAt'>,
  recentCalls: readonly TSavedCall[],
): boolean {
  const last = recentCalls.find((c) => c.leadId === draft.leadId);
  if (last === undefined || last.isCalled !== 0 || last.stoppedAt !== draft.currentQno) return false;
  const after = Date.parse(draft.updatedAt) - Date.parse(last.savedAt);
  return after >= 0 && after <= PARKED_DRAFT_WINDOW_MS;
}
