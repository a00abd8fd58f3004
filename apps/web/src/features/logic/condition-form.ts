// The "show only if" editor's model: what can be compared (earlier questions, lead fields), which operators each
// subject offers, the rows as typed, and the condition they make (or what is missing).
import {
  LEAD_COLUMNS,
  isChoiceType,
  parseOptions,
  qnoNumber,
  type TComparison,
  type TConditionJoin,
  type TConditionOperator,
  type TConditionSubject,
  type TQuestion,
  type TShowIf,
} from '@crm/shared';

/** A subject as the select's value: 'q:12' (question id 12) or 'f:region'. */
export type TSubjectKey = string;

export type TSubjectChoice = {
  value: TSubjectKey;
  label: string;
  group: 'Earlier answers' | 'Lead fields';
  question?: Pick<TQuestion, 'type' | 'options'>;
};

/** The lead columns an upload fills: what a lead field condition can look at, besides the campaign's own columns. */
const UPLOADED_COLUMNS = LEAD_COLUMNS.filter((c) => c.filledBy === 'upload').map((c) => c.key as string);

/** The questions before `owner` (by qno) and the lead fields: what `owner`'s condition may compare. */
export function subjectChoices(
  owner: Pick<TQuestion, 'qno'>,
  questions: readonly TQuestion[],
  ownColumns: readonly string[],
): TSubjectChoice[] {
  const before = questions
    .filter((q) => qnoNumber(q.qno) < qnoNumber(owner.qno))
    .sort((a, b) => qnoNumber(a.qno) - qnoNumber(b.qno));
  return [
    ...before.map((q) => ({
      value: `q:${q.id}`,
      label: `${q.qno}. ${q.title}`,
      group: 'Earlier answers' as const,
      question: q,
    })),
    ...[...UPLOADED_COLUMNS, ...ownColumns].map((name) => ({
      value: `f:${name}`,
      label: name,
      group: 'Lead fields' as const,
    })),
  ];
}

export function subjectOf(key: TSubjectKey): TConditionSubject | null {
  if (key.startsWith('q:')) {
    const id = Number(key.slice(2));
    return Number.isInteger(id) && id > 0 ? { kind: 'answer', questionId: id } : null;
  }
  if (key.startsWith('f:') && key.length > 2) return { kind: 'field', name: key.slice(2) };
  return null;
}

export function keyOf(subject: TConditionSubject): TSubjectKey {
  return subject.kind === 'answer' ? `q:${subject.questionId}` : `f:${subject.name}`;
}

export const OPERATOR_LABELS: Record<TConditionOperator, string> = {
  is: 'is',
  isNot: 'is not',
  anyOf: 'is any of',
  gt: 'is greater than',
  lt: 'is less than',
  answered: 'is answered',
  notAnswered: 'is not answered',
};

/** Greater / less than only for a Number question's answer. */
export function operatorsFor(choice: TSubjectChoice | undefined): TConditionOperator[] {
  const all: TConditionOperator[] = ['is', 'isNot', 'anyOf', 'answered', 'notAnswered'];
  return choice?.question?.type === 'Number' ? ['is', 'isNot', 'gt', 'lt', 'answered', 'notAnswered'] : all;
}

/** The options a value must be one of (a choice question's), or null when any text goes. */
export function valueOptions(choice: TSubjectChoice | undefined): string[] | null {
  return choice?.question && isChoiceType(choice.question.type) ? parseOptions(choice.question.options) : null;
}

/** One comparison as typed: the value as text, the values of "any of" as a list. */
export type TRowDraft = { subject: TSubjectKey; operator: TConditionOperator; value: string; values: string[] };
export type TGroupDraft = { join: TConditionJoin; rows: TRowDraft[] };
export type TItemDraft = { kind: 'row'; row: TRowDraft } | { kind: 'group'; group: TGroupDraft };
export type TConditionDraft = { join: TConditionJoin; items: TItemDraft[] };

export const emptyRow = (): TRowDraft => ({ subject: '', operator: 'is', value: '', values: [] });
export const emptyDraft = (): TConditionDraft => ({ join: 'and', items: [{ kind: 'row', row: emptyRow() }] });

function rowDraft(c: TComparison): TRowDraft {
  const base = { subject: keyOf(c.subject), operator: c.operator, value: '', values: [] as string[] };
  if (c.operator === 'is' || c.operator === 'isNot') return { ...base, value: c.value };
  if (c.operator === 'anyOf') return { ...base, values: [...c.values] };
  if (c.operator === 'gt' || c.operator === 'lt') return { ...base, value: String(c.number) };
  return base;
}

export function draftOf(showIf: TShowIf | null | undefined): TConditionDraft {
  if (!showIf) return emptyDraft();
  return {
    join: showIf.join,
    items: showIf.items.map((item) =>
      'items' in item
        ? { kind: 'group', group: { join: item.join, rows: item.items.map(rowDraft) } }
        : { kind: 'row', row: rowDraft(item) },
    ),
  };
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** A row's comparison, or why it is not one yet ("Row 2: choose what to compare"). */
function comparisonOf(row: TRowDraft, label: string): TComparison | string {
  const subject = subjectOf(row.subject);
  if (!subject) return `${label}: choose what to compare.`;
  switch (row.operator) {
    case 'is':
    case 'isNot':
      return row.value.trim() === ''
        ? `${label}: enter the value.`
        : { subject, operator: row.operator, value: row.value.trim() };
    case 'anyOf':
      return row.values.length === 0
        ? `${label}: choose at least one value.`
        : { subject, operator: 'anyOf', values: row.values };
    case 'gt':
    case 'lt':
      return NUMBER.test(row.value.trim())
        ? { subject, operator: row.operator, number: Number(row.value.trim()) }
        : `${label}: enter a number.`;
    case 'answered':
    case 'notAnswered':
      return { subject, operator: row.operator };
  }
}

/** The condition the draft makes, or the list of what is missing (each naming its row). */
export function showIfOf(draft: TConditionDraft): { ok: true; showIf: TShowIf } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const items: TShowIf['items'] = [];
  draft.items.forEach((item, i) => {
    if (item.kind === 'row') {
      const c = comparisonOf(item.row, `Row ${i + 1}`);
      if (typeof c === 'string') problems.push(c);
      else items.push(c);
      return;
    }
    const group: TComparison[] = [];
    item.group.rows.forEach((row, j) => {
      const c = comparisonOf(row, `Group ${i + 1}, row ${j + 1}`);
      if (typeof c === 'string') problems.push(c);
      else group.push(c);
    });
    if (item.group.rows.length === 0) problems.push(`Group ${i + 1}: add a comparison or remove the group.`);
    else items.push({ join: item.group.join, items: group });
  });
  if (draft.items.length === 0) problems.push('Add a comparison, or remove the condition.');
  return problems.length > 0 ? { ok: false, problems } : { ok: true, showIf: { join: draft.join, items } };
}
