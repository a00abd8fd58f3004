// The dispute screens' rules, beside the shared schemas (packages/shared/src/schemas/disputes.ts): the agent's draft of
// a dispute, the inspector's (or admin's) draft of an answer, each checked by the schema the server checks with, and
// how a dispute's age and deadline read.
import {
  QC_CRITERIA,
  ZDisputeAnswer,
  ZDisputeRaise,
  disputedMarkFor,
  type TDispute,
  type TDisputeAnswerInput,
  type TDisputeCriterion,
  type TDisputeOutcomeName,
  type TDisputeRaiseInput,
  type TQcCriterionKey,
  type TQcRecord,
} from '@crm/shared';

// ---- raising

/** One criterion of the dialog: picked or not, the proposed mark ('' until chosen, else the marks as text), the reason. */
export type TCriterionDraft = { picked: boolean; proposedMark: string; reason: string };
export type TRaiseDraft = { comment: string; items: Record<TQcCriterionKey, TCriterionDraft> };

export function emptyRaiseDraft(): TRaiseDraft {
  return {
    comment: '',
    items: Object.fromEntries(
      QC_CRITERIA.map((c) => [c.key, { picked: false, proposedMark: '', reason: '' }]),
    ) as TRaiseDraft['items'],
  };
}

/** The marks an agent may propose: the scale without the record's current mark. */
export function proposableChoices(key: TQcCriterionKey, current: number): { value: string; label: string }[] {
  const c = QC_CRITERIA.find((x) => x.key === key);
  return (c?.scale ?? [])
    .filter((s) => s.marks !== current)
    .map((s) => ({ value: String(s.marks), label: `${s.label} (${s.marks})` }));
}

/** The record's current mark as its scale's words, e.g. "No (-5)". */
export function markText(key: string, marks: number): string {
  const choice = QC_CRITERIA.find((x) => x.key === key)?.scale.find((s) => s.marks === marks);
  return choice ? `${choice.label} (${marks})` : String(marks);
}

export function toRaiseBody(qcId: number, draft: TRaiseDraft): TDisputeRaiseInput {
  const criteria = QC_CRITERIA.filter((c) => draft.items[c.key].picked).map((c) => {
    const item = draft.items[c.key];
    return {
      criterion: c.key,
      proposedMark: item.proposedMark === '' ? Number.NaN : Number(item.proposedMark),
      reason: item.reason.trim(),
    };
  });
  return { qcId, comment: draft.comment.trim(), criteria };
}

/**
 * What is wrong with the draft, by the form's paths ('items.crm.reason', 'comment', 'criteria'), in the schema's
 * words: at least one criterion, each picked one with a mark and a reason (the comment is optional, as on the server).
 */
export function raiseProblems(record: Pick<TQcRecord, 'id'>, draft: TRaiseDraft): Record<string, string> {
  const body = toRaiseBody(record.id, draft);
  const problems: Record<string, string> = {};
  const picked = body.criteria.map((c) => c.criterion);
  body.criteria.forEach((c, i) => {
    if (Number.isNaN(c.proposedMark)) problems[`items.${picked[i] ?? ''}.proposedMark`] = 'Choose the right mark';
  });
  const parsed = ZDisputeRaise.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, index, field] = issue.path;
      if (first === 'criteria' && typeof index === 'number' && typeof field === 'string') {
        const path = `items.${picked[index] ?? ''}.${field}`;
        problems[path] ??= issue.message;
      } else if (first === 'criteria') problems.criteria ??= issue.message;
      else if (first === 'comment') problems.comment ??= issue.message;
    }
  }
  return problems;
}

// ---- answering and deciding

export type TAnswerItem = { outcome: TDisputeOutcomeName | ''; mark: string; reason: string };
export type TAnswerDraft = Record<string, TAnswerItem>;

/** The criteria an answer covers: all of them for the inspector; for the admin's decision only the rejected ones. */
export function criteriaToAnswer(dispute: TDispute, mode: 'answer' | 'decision'): TDisputeCriterion[] {
  if (mode === 'answer') return dispute.criteria;
  return dispute.criteria.filter((c) => c.outcome === 'kept' || c.outcome === 'changed');
}

export function emptyAnswerDraft(criteria: readonly TDisputeCriterion[]): TAnswerDraft {
  return Object.fromEntries(criteria.map((c) => [c.criterion, { outcome: '', mark: '', reason: '' }]));
}

/** The marks another mark may be: the scale without the mark as scored and the proposed one. */
export function otherChoices(c: TDisputeCriterion): { value: string; label: string }[] {
  const scale = QC_CRITERIA.find((x) => x.key === c.criterion)?.scale ?? [];
  return scale
    .filter((s) => s.marks !== c.originalMark && s.marks !== c.proposedMark)
    .map((s) => ({ value: String(s.marks), label: `${s.label} (${s.marks})` }));
}

export function toAnswerBody(criteria: readonly TDisputeCriterion[], draft: TAnswerDraft): TDisputeAnswerInput {
  return {
    criteria: criteria.map((c) => {
      const item = draft[c.criterion] ?? { outcome: '', mark: '', reason: '' };
      return {
        criterion: c.criterion as TQcCriterionKey,
        outcome: item.outcome as TDisputeOutcomeName,
        ...(item.outcome === 'changed' && item.mark !== '' ? { mark: Number(item.mark) } : {}),
        reason: item.reason.trim(),
      };
    }),
  };
}

/** By the form's paths ('<criterion>.outcome', '<criterion>.mark', '<criterion>.reason'), in the schema's words. */
export function answerProblems(criteria: readonly TDisputeCriterion[], draft: TAnswerDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const c of criteria) {
    const item = draft[c.criterion];
    if (!item || item.outcome === '') problems[`${c.criterion}.outcome`] = 'Choose Keep, Accept or Change';
  }
  const body = toAnswerBody(criteria, draft);
  const parsed = ZDisputeAnswer.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [, index, field] = issue.path;
      const key = typeof index === 'number' ? criteria[index]?.criterion : undefined;
      if (key !== undefined && typeof field === 'string') problems[`${key}.${field}`] ??= issue.message;
    }
  }
  body.criteria.forEach((a, i) => {
    const c = criteria[i];
    if (!c || problems[`${a.criterion}.outcome`] || problems[`${a.criterion}.mark`]) return;
    const mark = disputedMarkFor(a.criterion as TQcCriterionKey, c, a.outcome, a.mark);
    if (typeof mark === 'string') problems[`${a.criterion}.mark`] = mark;
  });
  return problems;
}

// ---- timing

const HOUR_MS = 3_600_000;

/** "3 h", "2 d 4 h", "45 min": a span in words short enough for a table cell. */
export function spanText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? `${days} d` : `${days} d ${rest} h`;
}

/** A dispute's age and where it stands against its deadline, as the list shows them. */
export function timingOf(
  dispute: Pick<TDispute, 'raisedAt' | 'dueAt' | 'overdue'>,
  now: Date,
): { age: string; deadline: string; overdue: boolean } {
  const age = spanText(now.getTime() - Date.parse(dispute.raisedAt));
  if (dispute.dueAt === null) return { age, deadline: 'Nobody waited for', overdue: false };
  const left = Date.parse(dispute.dueAt) - now.getTime();
  const overdue = dispute.overdue || left < 0;
  return { age, deadline: overdue ? `Overdue by ${spanText(-left)}` : `Due in ${spanText(left)}`, overdue };
}

/** Until when the agent may dispute a record: its scoring time plus the window. */
export function disputeUntil(createdAt: string, windowDays: number): Date {
  return new Date(Date.parse(createdAt) + windowDays * 24 * HOUR_MS);
}

/** The final outcome of a criterion in words, e.g. "Accepted: 10 → 20", "Kept at 10", "Waiting for QC". */
export function outcomeText(c: TDisputeCriterion): string {
  if (c.finalOutcome === null) return 'Waiting for QC';
  if (c.finalOutcome === 'kept') return `Kept at ${c.originalMark}`;
  const word = c.finalOutcome === 'accepted' ? 'Accepted' : 'Changed';
  return `${word}: ${c.originalMark} → ${c.finalMark ?? c.proposedMark}`;
}

/**
 * A criterion's final outcome as a short badge for the disputes list: "Accepted", "Kept", "Changed to 0"; null while
 * nobody has answered.
 */
export function outcomeBadge(
  c: Pick<TDisputeCriterion, 'finalOutcome' | 'finalMark' | 'proposedMark'>,
): { label: string; color: string } | null {
  if (c.finalOutcome === null) return null;
  const color = OUTCOME_COLOURS[c.finalOutcome];
  if (c.finalOutcome === 'accepted') return { label: 'Accepted', color };
  if (c.finalOutcome === 'kept') return { label: 'Kept', color };
  return { label: `Changed to ${c.finalMark ?? c.proposedMark}`, color };
}

export const OUTCOME_COLOURS: Record<TDisputeOutcomeName, string> = {
  accepted: 'green',
  kept: 'red',
  changed: 'yellow',
};
