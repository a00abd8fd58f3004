import { describe, expect, it } from 'vitest';
import type { TComparison, TShowIf } from '../schemas/conditions.ts';
import type { TQuestion } from '../schemas/questions.ts';
import {
  comparisonHolds,
  conditionHolds,
  conditionProblems,
  describeCondition,
  questionsUsedBy,
  shownTest,
  type TConditionContext,
  type TConditionValue,
} from './survey-conditions.ts';
import { firstQuestion, nextStep } from './survey.ts';

type Q = Pick<TQuestion, 'id' | 'qno' | 'type' | 'options'>;
const Q1: Q = { id: 11, qno: 'Q1', type: 'Select Option', options: 'Yes, No' };
const Q2: Q = { id: 12, qno: 'Q2', type: 'Multi Select Option', options: 'Tea, Coffee, Juice' };
const Q3: Q = { id: 13, qno: 'Q3', type: 'Number', options: '' };
const Q4: Q = { id: 14, qno: 'Q4', type: 'Text Input', options: '' };
const Q10: Q = { id: 20, qno: 'Q10', type: 'Textarea', options: '' };
const QUESTIONS = [Q1, Q2, Q3, Q4, Q10];

function ctx(answers: Record<number, TConditionValue>, fields: Record<string, string> = {}): TConditionContext {
  return { answerOf: (id) => answers[id], fieldOf: (name) => fields[name] };
}
const answer = (questionId: number) => ({ kind: 'answer' as const, questionId });
const field = (name: string) => ({ kind: 'field' as const, name });

describe('comparisonHolds', () => {
  const is = (v: string): TComparison => ({ subject: answer(11), operator: 'is', value: v });
  it('is / is not compare text trimmed, case aside; a missing answer is not any value', () => {
    expect(comparisonHolds(is('yes'), ctx({ 11: ' Yes ' }))).toBe(true);
    expect(comparisonHolds(is('No'), ctx({ 11: 'Yes' }))).toBe(false);
    expect(comparisonHolds(is('Yes'), ctx({}))).toBe(false);
    expect(comparisonHolds({ subject: answer(11), operator: 'isNot', value: 'Yes' }, ctx({}))).toBe(true);
    expect(comparisonHolds({ subject: answer(11), operator: 'isNot', value: 'Yes' }, ctx({ 11: 'YES' }))).toBe(false);
  });
  it('a multi-select answer is a value when that value is among its options; a text with commas is one value', () => {
    const tea: TComparison = { subject: answer(12), operator: 'is', value: 'Tea' };
    expect(comparisonHolds(tea, ctx({ 12: ['Coffee', 'Tea'] }))).toBe(true);
    expect(comparisonHolds(tea, ctx({ 12: ['Coffee'] }))).toBe(false);
    expect(
      comparisonHolds({ subject: answer(14), operator: 'is', value: 'Dhaka' }, ctx({ 14: 'Dhaka, Bangladesh' })),
    ).toBe(false);
    expect(
      comparisonHolds(
        { subject: answer(14), operator: 'is', value: 'Dhaka, Bangladesh' },
        ctx({ 14: 'Dhaka, Bangladesh' }),
      ),
    ).toBe(true);
  });
  it('any of holds when one of the values is given', () => {
    const c: TComparison = { subject: answer(12), operator: 'anyOf', values: ['Juice', 'Tea'] };
    expect(comparisonHolds(c, ctx({ 12: ['Tea'] }))).toBe(true);
    expect(comparisonHolds(c, ctx({ 12: ['Coffee'] }))).toBe(false);
    expect(
      comparisonHolds(
        { subject: field('region'), operator: 'anyOf', values: ['Dhaka', 'Khulna'] },
        ctx({}, { region: 'khulna' }),
      ),
    ).toBe(true);
  });
  it('greater / less than read a number; anything else is neither', () => {
    const gt: TComparison = { subject: answer(13), operator: 'gt', number: 5 };
    const lt: TComparison = { subject: answer(13), operator: 'lt', number: 5 };
    expect(comparisonHolds(gt, ctx({ 13: '7' }))).toBe(true);
    expect(comparisonHolds(gt, ctx({ 13: '5' }))).toBe(false);
    expect(comparisonHolds(lt, ctx({ 13: '-2.5' }))).toBe(true);
    expect(comparisonHolds(gt, ctx({ 13: 'seven' }))).toBe(false);
    expect(comparisonHolds(lt, ctx({ 13: 'seven' }))).toBe(false);
    expect(comparisonHolds(lt, ctx({}))).toBe(false);
  });
  it('answered / not answered: blank and "Partial Call" are not answers', () => {
    const answered: TComparison = { subject: answer(14), operator: 'answered' };
    const notAnswered: TComparison = { subject: answer(14), operator: 'notAnswered' };
    expect(comparisonHolds(answered, ctx({ 14: 'ঢাকা' }))).toBe(true);
    expect(comparisonHolds(answered, ctx({ 14: '  ' }))).toBe(false);
    expect(comparisonHolds(answered, ctx({ 14: 'Partial Call' }))).toBe(false);
    expect(comparisonHolds(answered, ctx({ 12: [] }))).toBe(false);
    expect(comparisonHolds(notAnswered, ctx({}))).toBe(true);
    expect(comparisonHolds({ subject: field('brand'), operator: 'answered' }, ctx({}, { brand: 'Gold Leaf' }))).toBe(
      true,
    );
  });
});

describe('conditionHolds', () => {
  const yes: TComparison = { subject: answer(11), operator: 'is', value: 'Yes' };
  const dhaka: TComparison = { subject: field('region'), operator: 'is', value: 'Dhaka' };
  const many: TComparison = { subject: answer(13), operator: 'gt', number: 5 };
  it('no condition always holds', () => {
    expect(conditionHolds(null, ctx({}))).toBe(true);
    expect(conditionHolds(undefined, ctx({}))).toBe(true);
  });
  it('AND needs every item, OR one', () => {
    const and: TShowIf = { join: 'and', items: [yes, dhaka] };
    const or: TShowIf = { join: 'or', items: [yes, dhaka] };
    for (const [answers, fields, both, either] of [
      [{ 11: 'Yes' }, { region: 'Dhaka' }, true, true],
      [{ 11: 'Yes' }, { region: 'Sylhet' }, false, true],
      [{ 11: 'No' }, { region: 'Dhaka' }, false, true],
      [{ 11: 'No' }, { region: 'Sylhet' }, false, false],
    ] as const) {
      expect(conditionHolds(and, ctx(answers, fields))).toBe(both);
      expect(conditionHolds(or, ctx(answers, fields))).toBe(either);
    }
  });
  it('one level of grouping: Q1 is Yes and (region is Dhaka or Q3 > 5)', () => {
    const showIf: TShowIf = { join: 'and', items: [yes, { join: 'or', items: [dhaka, many] }] };
    expect(conditionHolds(showIf, ctx({ 11: 'Yes', 13: '9' }, { region: 'Sylhet' }))).toBe(true);
    expect(conditionHolds(showIf, ctx({ 11: 'Yes', 13: '2' }, { region: 'Dhaka' }))).toBe(true);
    expect(conditionHolds(showIf, ctx({ 11: 'Yes', 13: '2' }, { region: 'Sylhet' }))).toBe(false);
    expect(conditionHolds(showIf, ctx({ 11: 'No', 13: '9' }, { region: 'Dhaka' }))).toBe(false);
    // and the other way round: Q1 is Yes or (region is Dhaka and Q3 > 5)
    const other: TShowIf = { join: 'or', items: [yes, { join: 'and', items: [dhaka, many] }] };
    expect(conditionHolds(other, ctx({ 11: 'No', 13: '9' }, { region: 'Dhaka' }))).toBe(true);
    expect(conditionHolds(other, ctx({ 11: 'No', 13: '2' }, { region: 'Dhaka' }))).toBe(false);
  });
});

describe('describeCondition', () => {
  const qnoOf = (id: number) => QUESTIONS.find((q) => q.id === id)?.qno;
  it('says the condition in words, groups in brackets, a deleted question named so', () => {
    const showIf: TShowIf = {
      join: 'and',
      items: [
        { subject: answer(11), operator: 'is', value: 'Yes' },
        {
          join: 'or',
          items: [
            { subject: field('region'), operator: 'anyOf', values: ['Dhaka', 'Khulna'] },
            { subject: answer(13), operator: 'gt', number: 5 },
          ],
        },
        { subject: answer(99), operator: 'answered' },
      ],
    };
    expect(describeCondition(showIf, qnoOf)).toBe(
      'Q1 is "Yes" and (region is any of "Dhaka", "Khulna" or Q3 is greater than 5) and a deleted question is answered',
    );
    expect(
      describeCondition(
        {
          join: 'or',
          items: [
            { subject: answer(14), operator: 'notAnswered' },
            { subject: answer(13), operator: 'lt', number: 2 },
          ],
        },
        qnoOf,
      ),
    ).toBe('Q4 is not answered or Q3 is less than 2');
  });
  it('lists the questions a condition uses, once each', () => {
    expect(
      questionsUsedBy({
        join: 'or',
        items: [
          { subject: answer(11), operator: 'is', value: 'Yes' },
          {
            join: 'and',
            items: [
              { subject: answer(11), operator: 'answered' },
              { subject: answer(13), operator: 'gt', number: 1 },
            ],
          },
        ],
      }),
    ).toEqual([11, 13]);
    expect(questionsUsedBy(null)).toEqual([]);
  });
});

describe('conditionProblems', () => {
  const columns = ['respondent_name', 'region', 'Outlet name'];
  it('accepts earlier questions, known fields and offered options', () => {
    const ok: TShowIf = {
      join: 'and',
      items: [
        { subject: answer(11), operator: 'is', value: 'yes' },
        { subject: answer(12), operator: 'anyOf', values: ['Tea', 'Juice'] },
        { subject: answer(13), operator: 'gt', number: 3 },
        { subject: field('outlet name'), operator: 'answered' },
      ],
    };
    expect(conditionProblems(Q10, ok, QUESTIONS, columns)).toEqual([]);
  });
  it("refuses later questions, other campaigns' or deleted ones, unknown fields, numbers on non-Number answers, options not offered", () => {
    const bad: TShowIf = {
      join: 'or',
      items: [
        { subject: answer(14), operator: 'answered' },
        { subject: answer(3), operator: 'is', value: 'x' },
        { subject: field('shop'), operator: 'is', value: 'A' },
        { subject: answer(11), operator: 'gt', number: 1 },
        { subject: answer(12), operator: 'anyOf', values: ['Milk'] },
      ],
    };
    expect(conditionProblems(Q3, bad, QUESTIONS, columns)).toEqual([
      'Q4 does not come before Q3: a condition can only use earlier answers.',
      "The condition refers to a question that is not in this campaign (another campaign's, or deleted).",
      '"shop" is not a lead field of this campaign.',
      'Q1 is not a Number question: it cannot be greater or less than a number.',
      '"Milk" is not an option of Q2.',
    ]);
  });
  it("refuses a question's condition on its own answer", () => {
    expect(
      conditionProblems(
        Q2,
        { join: 'and', items: [{ subject: answer(12), operator: 'answered' }] },
        QUESTIONS,
        columns,
      ),
    ).toEqual(['Q2 does not come before Q2: a condition can only use earlier answers.']);
  });
});

describe('the survey with conditions (nextStep, firstQuestion)', () => {
  // Q1 (Yes/No) → Q2 → Q3 → Q4 → Q10; Q3 shown only if Q1 is Yes; Q4 only in Dhaka; Q1 → Q4 on "No" (a jump).
  const questions = QUESTIONS.map((q) => ({ ...q, status: true }));
  const rules = [{ questionId: 11, optionTitle: 'No', questionNoToShow: 14, isCompletedCall: null }];
  const conditions: Record<number, TShowIf> = {
    13: { join: 'and', items: [{ subject: answer(11), operator: 'is', value: 'Yes' }] },
    14: { join: 'and', items: [{ subject: field('region'), operator: 'is', value: 'Dhaka' }] },
  };
  const run = (answers: Record<number, TConditionValue>, region: string) =>
    shownTest((id) => conditions[id], ctx(answers, { region }));

  it('skips a question whose condition is false, as an inactive one', () => {
    expect(nextStep(questions, [], 12, ['Tea'], run({ 11: 'Yes', 12: ['Tea'] }, 'Dhaka'))).toEqual({
      kind: 'question',
      questionId: 13,
    });
    expect(nextStep(questions, [], 12, ['Tea'], run({ 11: 'Maybe', 12: ['Tea'] }, 'Dhaka'))).toEqual({
      kind: 'question',
      questionId: 14,
    });
    expect(nextStep(questions, [], 12, ['Tea'], run({ 11: 'Maybe', 12: ['Tea'] }, 'Sylhet'))).toEqual({
      kind: 'question',
      questionId: 20,
    });
  });
  it('a jump still wins over the questions before its target; a hidden target is skipped to the next shown one', () => {
    expect(nextStep(questions, rules, 11, 'No', run({ 11: 'No' }, 'Dhaka'))).toEqual({
      kind: 'question',
      questionId: 14,
    });
    expect(nextStep(questions, rules, 11, 'No', run({ 11: 'No' }, 'Sylhet'))).toEqual({
      kind: 'question',
      questionId: 20,
    });
  });
  it('without a shown-test every question is shown, as before', () => {
    expect(nextStep(questions, [], 12, ['Tea'])).toEqual({ kind: 'question', questionId: 13 });
  });
  it('the first question is the first shown one', () => {
    const firstOnlyInDhaka = (id: number) => (id === 11 ? conditions[14] : undefined);
    expect(firstQuestion(questions, shownTest(firstOnlyInDhaka, ctx({}, { region: 'Sylhet' })))?.id).toBe(12);
    expect(firstQuestion(questions, shownTest(firstOnlyInDhaka, ctx({}, { region: 'Dhaka' })))?.id).toBe(11);
  });
});
