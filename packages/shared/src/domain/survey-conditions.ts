// "Show only if" conditions (issue 22): whether a question is shown, given the answers of the call so far and the lead's
// fields; the condition in words; and what is wrong with a condition before it is stored.
import { PARTIAL_CALL_ANSWER } from '../schemas/crm.ts';
import type { TComparison, TConditionGroup, TShowIf } from '../schemas/conditions.ts';
import { isChoiceType, parseOptions, qnoNumber, type TQuestion } from '../schemas/questions.ts';

/** An answer or a field's value: a multi-select answer as its chosen options, anything else as its text. */
export type TConditionValue = string | readonly string[] | undefined;

/** What a condition is judged on: the answers of the call so far, by question id, and the lead's fields, by name. */
export type TConditionContext = {
  answerOf: (questionId: number) => TConditionValue;
  fieldOf: (name: string) => string | undefined;
};

type TConditionQuestion = Pick<TQuestion, 'id' | 'qno' | 'type' | 'options'>;

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The values a value holds: a multi-select's options, or the one text. Blank and 'Partial Call' hold none. */
function heldValues(value: TConditionValue): string[] {
  const list = typeof value === 'string' ? [value] : [...(value ?? [])];
  return list.map((v) => v.trim()).filter((v) => v !== '' && v !== PARTIAL_CALL_ANSWER);
}

function valueOf(c: TComparison, ctx: TConditionContext): TConditionValue {
  return c.subject.kind === 'answer' ? ctx.answerOf(c.subject.questionId) : ctx.fieldOf(c.subject.name);
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** One comparison (text compared trimmed, case aside). A multi-select answer "is" a value when it is among its options. */
export function comparisonHolds(c: TComparison, ctx: TConditionContext): boolean {
  const held = heldValues(valueOf(c, ctx));
  const has = (v: string) => held.some((h) => same(h, v));
  switch (c.operator) {
    case 'answered':
      return held.length > 0;
    case 'notAnswered':
      return held.length === 0;
    case 'is':
      return has(c.value);
    case 'isNot':
      return !has(c.value);
    case 'anyOf':
      return c.values.some(has);
    case 'gt':
    case 'lt': {
      const only = held.length === 1 ? (held[0] as string) : '';
      if (!NUMBER.test(only)) return false;
      const n = Number(only);
      return c.operator === 'gt' ? n > c.number : n < c.number;
    }
  }
}

const isGroup = (item: TComparison | TConditionGroup): item is TConditionGroup => 'items' in item;

function joined(join: 'and' | 'or', results: boolean[]): boolean {
  return join === 'and' ? results.every(Boolean) : results.some(Boolean);
}

/** Whether a question with this condition is shown (no condition: always). */
export function conditionHolds(showIf: TShowIf | null | undefined, ctx: TConditionContext): boolean {
  if (!showIf) return true;
  return joined(
    showIf.join,
    showIf.items.map((item) =>
      isGroup(item)
        ? joined(
            item.join,
            item.items.map((c) => comparisonHolds(c, ctx)),
          )
        : comparisonHolds(item, ctx),
    ),
  );
}

const OPERATOR_WORDS = {
  is: 'is',
  isNot: 'is not',
  anyOf: 'is any of',
  gt: 'is greater than',
  lt: 'is less than',
  answered: 'is answered',
  notAnswered: 'is not answered',
} as const;

function comparisonInWords(c: TComparison, qnoOf: (id: number) => string | undefined): string {
  const subject = c.subject.kind === 'answer' ? (qnoOf(c.subject.questionId) ?? 'a deleted question') : c.subject.name;
  const op = OPERATOR_WORDS[c.operator];
  switch (c.operator) {
    case 'is':
    case 'isNot':
      return `${subject} ${op} "${c.value}"`;
    case 'anyOf':
      return `${subject} ${op} ${c.values.map((v) => `"${v}"`).join(', ')}`;
    case 'gt':
    case 'lt':
      return `${subject} ${op} ${c.number}`;
    case 'answered':
    case 'notAnswered':
      return `${subject} ${op}`;
  }
}

/** 'Q2 is "Yes" and (region is "Dhaka" or Q3 is greater than 5)': the condition as the lists and View Full CRM say it. */
export function describeCondition(showIf: TShowIf, qnoOf: (questionId: number) => string | undefined): string {
  const parts = showIf.items.map((item) =>
    isGroup(item)
      ? item.items.length === 1
        ? comparisonInWords(item.items[0] as TComparison, qnoOf)
        : `(${item.items.map((c) => comparisonInWords(c, qnoOf)).join(` ${item.join} `)})`
      : comparisonInWords(item, qnoOf),
  );
  return parts.join(` ${showIf.join} `);
}

/** Every comparison of a condition, groups opened. */
export function comparisonsOf(showIf: TShowIf): TComparison[] {
  return showIf.items.flatMap((item) => (isGroup(item) ? item.items : [item]));
}

/** The questions a condition refers to (their ids), for "which conditions use this question". */
export function questionsUsedBy(showIf: TShowIf | null | undefined): number[] {
  if (!showIf) return [];
  return [
    ...new Set(comparisonsOf(showIf).flatMap((c) => (c.subject.kind === 'answer' ? [c.subject.questionId] : []))),
  ];
}

/**
 * What is wrong with the condition of `owner`, one sentence per problem (empty: none): a question that is not one of the
 * campaign's (another campaign's, or deleted), one that does not come before the owner, a lead field the campaign does
 * not have, a number comparison on anything but a Number question's answer, a value a choice question does not offer.
 */
export function conditionProblems(
  owner: TConditionQuestion,
  showIf: TShowIf,
  campaignQuestions: readonly TConditionQuestion[],
  columns: readonly string[],
): string[] {
  const problems: string[] = [];
  const byId = new Map(campaignQuestions.map((q) => [q.id, q]));
  const ownNumber = qnoNumber(owner.qno);
  for (const c of comparisonsOf(showIf)) {
    if (c.subject.kind === 'field') {
      const name = c.subject.name;
      if (!columns.some((col) => same(col, name))) problems.push(`"${name}" is not a lead field of this campaign.`);
      if (c.operator === 'gt' || c.operator === 'lt')
        problems.push(`"${name}" is compared as a number: only a Number question's answer can be.`);
      continue;
    }
    const q = byId.get(c.subject.questionId);
    if (!q) {
      problems.push(
        `The condition refers to a question that is not in this campaign (another campaign's, or deleted).`,
      );
      continue;
    }
    if (!(qnoNumber(q.qno) < ownNumber))
      problems.push(`${q.qno} does not come before ${owner.qno}: a condition can only use earlier answers.`);
    if ((c.operator === 'gt' || c.operator === 'lt') && q.type !== 'Number')
      problems.push(`${q.qno} is not a Number question: it cannot be greater or less than a number.`);
    if (isChoiceType(q.type) && (c.operator === 'is' || c.operator === 'isNot' || c.operator === 'anyOf')) {
      const offered = parseOptions(q.options);
      const asked = c.operator === 'anyOf' ? c.values : [c.value];
      for (const v of asked)
        if (!offered.some((o) => same(o, v))) problems.push(`"${v}" is not an option of ${q.qno}.`);
    }
  }
  return [...new Set(problems)];
}

/**
 * The survey's shown-test (domain/survey.ts TShownTest) for questions carrying their conditions: a question is shown
 * when it has no condition or its condition holds on the call's answers so far and the lead's fields.
 */
export function shownTest(
  conditionOf: (questionId: number) => TShowIf | null | undefined,
  ctx: TConditionContext,
): (question: { id: number }) => boolean {
  return (question) => conditionHolds(conditionOf(question.id), ctx);
}
