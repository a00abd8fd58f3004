// The dispute screens' rules, beside the shared schemas (packages/shared/src/schemas/disputes.ts): the agent's draft of
// a dispute and the inspector's (or admin's) draft of an answer on the record's own scorecard version (choices by
// label), each checked as the server checks it, and how a dispute's age and deadline read.
import {
  DISPUTE_MESSAGES,
  QC_CRITERIA,
  STANDARD_SCORECARD_ID,
  ZDisputeRaise,
  disputedChoiceFor,
  type TDisputableCriterion,
  type TDispute,
  type TDisputeAnswerInput,
  type TDisputeChoice,
  type TDisputeCriterion,
  type TDisputeOutcomeName,
  type TDisputeRaiseInput,
  type TQcRecord,
} from '@crm/shared';

// ---- raising

/** One criterion of the dialog: picked or not, the proposed choice ('' until chosen, else its label), the reason. */
export type TCriterionDraft = { picked: boolean; proposedMark: string; reason: string };
export type TRaiseDraft = { comment: string; items: Record<string, TCriterionDraft> };

/** The record's criteria (GET /api/disputes/criteria/{qcId}), none picked. */
export function emptyRaiseDraft(criteria: readonly TDisputableCriterion[] = []): TRaiseDraft {
  return {
    comment: '',
    items: Object.fromEntries(criteria.map((c) => [c.key, { picked: false, proposedMark: '', reason: '' }])),
  };
}

const itemOf = (draft: TRaiseDraft, key: string): TCriterionDraft =>
  draft.items[key] ?? { picked: false, proposedMark: '', reason: '' };
export { itemOf as raiseItemOf };

/** The choices an agent may propose: the scale without the record's current choice; values are labels. */
export function proposableChoices(c: TDisputableCriterion): { value: string; label: string }[] {
  return c.choices
    .filter((ch) => ch.label !== c.choice)
    .map((ch) => ({ value: ch.label, label: `${ch.label} (${ch.marks})` }));
}

/** A choice and its marks in words, e.g. "No (-5)"; N/A when there is none. */
export function choiceText(choice: string | null, marks: number | null): string {
  return choice === null ? 'N/A' : `${choice} (${marks ?? 0})`;
}

/** A disputed criterion's choice as scored ('original') or proposed, in words: "No (-5)". */
export function markText(c: TDisputeCriterion, which: 'original' | 'proposed'): string {
  return which === 'original'
    ? choiceText(c.originalChoice, c.originalMark)
    : choiceText(c.proposedChoice, c.proposedMark);
}

export function toRaiseBody(
  qcId: number,
  criteria: readonly TDisputableCriterion[],
  draft: TRaiseDraft,
): TDisputeRaiseInput {
  const picked = criteria.filter((c) => itemOf(draft, c.key).picked);
  return {
    qcId,
    comment: draft.comment.trim(),
    criteria: picked.map((c) => {
      const item = itemOf(draft, c.key);
      return {
        criterion: c.key,
        ...(item.proposedMark === '' ? {} : { proposedChoice: item.proposedMark }),
        reason: item.reason.trim(),
      };
    }),
  };
}

/**
 * What is wrong with the draft, by the form's paths ('items.crm.proposedMark', 'items.crm.reason', 'comment',
 * 'criteria'), in the schema's words: at least one criterion, each picked one with a choice and a reason.
 */
export function raiseProblems(
  record: Pick<TQcRecord, 'id'>,
  criteria: readonly TDisputableCriterion[],
  draft: TRaiseDraft,
): Record<string, string> {
  const body = toRaiseBody(record.id, criteria, draft);
  const problems: Record<string, string> = {};
  const picked = body.criteria.map((c) => c.criterion);
  const parsed = ZDisputeRaise.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, index, field] = issue.path;
      if (first === 'criteria' && typeof index === 'number' && typeof field === 'string') {
        const path = `items.${picked[index] ?? ''}.${field === 'proposedChoice' ? 'proposedMark' : field}`;
        problems[path] ??= issue.message;
      } else if (first === 'criteria') problems.criteria ??= issue.message;
      else if (first === 'comment') problems.comment ??= issue.message;
    }
  }
  return problems;
}

// ---- answering and deciding

/** `mark` holds the label of the choice to set ('' until chosen). */
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

/** The record's scale of a criterion (from the criteria route), else "Standard"'s for its keys. */
export function scaleOf(
  c: Pick<TDisputeCriterion, 'criterion'>,
  scale: readonly TDisputableCriterion[] | undefined,
): TDisputeChoice[] {
  const own = scale?.find((x) => x.key === c.criterion)?.choices;
  if (own) return own;
  return (QC_CRITERIA.find((x) => x.key === c.criterion)?.scale ?? []).map((s) => ({ label: s.label, marks: s.marks }));
}

/** The choices another choice may be: the scale without the choice as scored and the proposed one; values are labels. */
export function otherChoices(
  c: TDisputeCriterion,
  scale?: readonly TDisputableCriterion[],
): { value: string; label: string }[] {
  return scaleOf(c, scale)
    .filter((s) => s.label !== c.originalChoice && s.label !== c.proposedChoice)
    .map((s) => ({ value: s.label, label: `${s.label} (${s.marks})` }));
}

export function toAnswerBody(criteria: readonly TDisputeCriterion[], draft: TAnswerDraft): TDisputeAnswerInput {
  return {
    criteria: criteria.map((c) => {
      const item = draft[c.criterion] ?? { outcome: '', mark: '', reason: '' };
      return {
        criterion: c.criterion,
        outcome: item.outcome as TDisputeOutcomeName,
        ...(item.outcome === 'changed' && item.mark !== '' ? { choice: item.mark } : {}),
        reason: item.reason.trim(),
      };
    }),
  };
}

/** By the form's paths ('<criterion>.outcome', '<criterion>.mark', '<criterion>.reason'), in the server's words. */
export function answerProblems(
  criteria: readonly TDisputeCriterion[],
  draft: TAnswerDraft,
  scale?: readonly TDisputableCriterion[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  const body = toAnswerBody(criteria, draft);
  body.criteria.forEach((a, i) => {
    const c = criteria[i];
    if (!c) return;
    const item = draft[c.criterion];
    if (!item || item.outcome === '') {
      problems[`${c.criterion}.outcome`] = 'Choose Keep, Accept or Change';
      return;
    }
    if (a.outcome !== 'accepted' && (a.reason ?? '') === '')
      problems[`${c.criterion}.reason`] = DISPUTE_MESSAGES.sayWhy(c.name);
    const end = disputedChoiceFor(
      {
        name: c.name,
        choices: scaleOf(c, scale),
        original: { choice: c.originalChoice, marks: c.originalMark },
        proposed: { choice: c.proposedChoice ?? '', marks: c.proposedMark },
      },
      a.outcome,
      { choice: a.choice ?? null },
    );
    if (typeof end === 'string') problems[`${c.criterion}.mark`] = end;
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

/** Whether a dispute's outcomes read in marks: a record on "Standard" reads as the guide says ("Accepted: -5 → 0"). */
const inMarks = (scorecardId: number) => scorecardId === STANDARD_SCORECARD_ID;

type TOutcomeFacts = Pick<
  TDisputeCriterion,
  'finalOutcome' | 'finalMark' | 'finalChoice' | 'originalMark' | 'originalChoice' | 'proposedMark' | 'proposedChoice'
>;

/** Where an accepted or changed criterion ends: the final choice, else (none kept yet) the proposed one. */
const endOf = (c: TOutcomeFacts) =>
  c.finalMark === null
    ? { choice: c.proposedChoice, marks: c.proposedMark }
    : { choice: c.finalChoice, marks: c.finalMark };

/**
 * The final outcome of a criterion in words. On "Standard" by marks: "Accepted: 10 → 20", "Kept at 10"; on any other
 * scorecard by the choices' labels: "Accepted: Partly → Yes", "Kept at No" (the marks in outcomeMarks). "Waiting for
 * QC" while nobody has answered.
 */
export function outcomeText(c: TOutcomeFacts, scorecardId: number = STANDARD_SCORECARD_ID): string {
  if (c.finalOutcome === null) return 'Waiting for QC';
  const word = c.finalOutcome === 'accepted' ? 'Accepted' : 'Changed';
  if (inMarks(scorecardId)) {
    if (c.finalOutcome === 'kept') return `Kept at ${c.originalMark}`;
    return `${word}: ${c.originalMark} → ${c.finalMark ?? c.proposedMark}`;
  }
  const original = c.originalChoice ?? 'N/A';
  if (c.finalOutcome === 'kept') return `Kept at ${original}`;
  return `${word}: ${original} → ${endOf(c).choice ?? 'N/A'}`;
}

/**
 * The marks beside an outcome told by labels, e.g. "15 → 30", "0" (kept); null on "Standard" (its words are the
 * marks) and while nobody has answered. A choice scored N/A has no marks: "N/A → 10".
 */
export function outcomeMarks(c: TOutcomeFacts, scorecardId: number): string | null {
  if (c.finalOutcome === null || inMarks(scorecardId)) return null;
  const original = c.originalChoice === null ? 'N/A' : String(c.originalMark);
  if (c.finalOutcome === 'kept') return original;
  return `${original} → ${endOf(c).marks}`;
}

/**
 * A criterion's final outcome as a short badge for the disputes list: "Accepted", "Kept", "Changed to 0" (on another
 * scorecard "Changed to Partly", with `marks` "10" beside it); null while nobody has answered.
 */
export function outcomeBadge(
  c: TOutcomeFacts,
  scorecardId: number = STANDARD_SCORECARD_ID,
): { label: string; color: string; marks?: string } | null {
  if (c.finalOutcome === null) return null;
  const color = OUTCOME_COLOURS[c.finalOutcome];
  if (c.finalOutcome === 'accepted') return { label: 'Accepted', color };
  if (c.finalOutcome === 'kept') return { label: 'Kept', color };
  if (inMarks(scorecardId)) return { label: `Changed to ${c.finalMark ?? c.proposedMark}`, color };
  const end = endOf(c);
  return { label: `Changed to ${end.choice ?? 'N/A'}`, color, marks: String(end.marks) };
}

export const OUTCOME_COLOURS: Record<TDisputeOutcomeName, string> = {
  accepted: 'green',
  kept: 'red',
  changed: 'yellow',
};
