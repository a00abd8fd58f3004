import { describe, expect, it } from 'vitest';
import type { TQuestionType } from '../schemas/questions.ts';
import {
  activeQuestions,
  answerProblem,
  describeRule,
  findEndlessLoops,
  firstQuestion,
  nextStep,
  splitMultiSelect,
  storedAnswer,
  storedAnswerProblem,
  type TSurveyQuestion,
  type TSurveyRule,
} from './survey.ts';

let nextId = 100;
function q(qno: number, type: TQuestionType = 'Select Option', extra: Partial<TSurveyQuestion> = {}): TSurveyQuestion {
  nextId += 1;
  const options = type === 'Select Option' || type === 'Multi Select Option' ? 'Yes, No, Maybe' : '';
  return { id: nextId, qno: `Q${qno}`, type, options, status: true, ...extra };
}
function rule(questionId: number, optionTitle: string | null, to: { jump?: number; end?: 0 | 1 }): TSurveyRule {
  return { questionId, optionTitle, questionNoToShow: to.jump ?? null, isCompletedCall: to.end ?? null };
}
const goTo = (question: TSurveyQuestion) => ({ kind: 'question', questionId: question.id });
const end = (isCalled: 0 | 1) => ({ kind: 'end', isCalled });

describe('question order', () => {
  it('keeps active questions only, in qno order compared as numbers (Q2 before Q10)', () => {
    const q10 = q(10);
    const q2 = q(2);
    const q1off = q(1, 'Number', { status: false });
    const q3 = q(3);
    expect(activeQuestions([q10, q2, q1off, q3]).map((x) => x.qno)).toEqual(['Q2', 'Q3', 'Q10']);
  });

  it('starts at the first active question, or nowhere when there is none', () => {
    const q1 = q(1, 'Plain Text', { status: false });
    const q4 = q(4);
    const q3 = q(3);
    expect(firstQuestion([q4, q1, q3])).toBe(q3);
    expect(firstQuestion([q1])).toBeUndefined();
    expect(firstQuestion([])).toBeUndefined();
  });
});

describe('answerProblem', () => {
  it('asks for an answer to every type but Plain Text', () => {
    for (const type of ['Select Option', 'Text Input', 'Number', 'Email', 'Textarea'] as const) {
      expect(answerProblem({ type }, undefined)).toBe('Please provide an answer before proceeding');
      expect(answerProblem({ type }, '   ')).toBe('Please provide an answer before proceeding');
    }
    expect(answerProblem({ type: 'Plain Text' }, undefined)).toBeUndefined();
    expect(answerProblem({ type: 'Plain Text' }, '')).toBeUndefined();
  });

  it('asks a multi-select for at least one option', () => {
    expect(answerProblem({ type: 'Multi Select Option' }, [])).toBe(
      'Please select at least one option before proceeding',
    );
    expect(answerProblem({ type: 'Multi Select Option' }, undefined)).toBe(
      'Please select at least one option before proceeding',
    );
    expect(answerProblem({ type: 'Multi Select Option' }, ['', ' '])).toBe(
      'Please select at least one option before proceeding',
    );
    expect(answerProblem({ type: 'Multi Select Option' }, ['Bkash', 'Nagad'])).toBeUndefined();
  });

  it('checks numbers and email addresses', () => {
    expect(answerProblem({ type: 'Number' }, '12')).toBeUndefined();
    expect(answerProblem({ type: 'Number' }, '-3.5')).toBeUndefined();
    expect(answerProblem({ type: 'Number' }, '12a')).toBe('Please enter a valid number');
    expect(answerProblem({ type: 'Number' }, '১২')).toBe('Please enter a valid number');
    expect(answerProblem({ type: 'Email' }, 'rahim@example.com.bd')).toBeUndefined();
    expect(answerProblem({ type: 'Email' }, 'rahim@example')).toBe('Please enter a valid email address');
    expect(answerProblem({ type: 'Email' }, 'rahim example.com')).toBe('Please enter a valid email address');
  });

  it('accepts any non-empty text', () => {
    expect(answerProblem({ type: 'Text Input' }, 'Mirpur 10')).toBeUndefined();
    expect(answerProblem({ type: 'Textarea' }, 'Long\nanswer')).toBeUndefined();
    expect(answerProblem({ type: 'Select Option' }, 'Yes')).toBeUndefined();
  });
});

describe('nextStep', () => {
  const q1 = q(1, 'Select Option');
  const q2 = q(2, 'Multi Select Option');
  const q3 = q(3, 'Text Input');
  const q4 = q(4, 'Textarea');
  const q5 = q(5, 'Number');
  const all = [q5, q3, q1, q4, q2];

  it('goes to the next active question by qno when no rule matches, and ends (not called) after the last', () => {
    expect(nextStep(all, [], q1.id, 'Yes')).toEqual(goTo(q2));
    expect(nextStep(all, [], q3.id, 'text')).toEqual(goTo(q4));
    expect(nextStep(all, [], q5.id, '3')).toEqual(end(0));
  });

  it('skips inactive questions on the way', () => {
    const off = { ...q2, status: false };
    expect(nextStep([q1, off, q3], [], q1.id, 'Yes')).toEqual(goTo(q3));
  });

  it('jumps to the target of the rule of the chosen option, and only that option', () => {
    const rules = [rule(q1.id, 'No', { jump: q4.id }), rule(q1.id, 'Yes', { jump: q3.id })];
    expect(nextStep(all, rules, q1.id, 'No')).toEqual(goTo(q4));
    expect(nextStep(all, rules, q1.id, 'Yes')).toEqual(goTo(q3));
    expect(nextStep(all, rules, q1.id, 'Maybe')).toEqual(goTo(q2));
  });

  it('ignores the rules of other questions with the same option', () => {
    const rules = [rule(q2.id, 'Yes', { end: 1 })];
    expect(nextStep(all, rules, q1.id, 'Yes')).toEqual(goTo(q2));
  });

  it('matches a multi-select on its FIRST chosen option only', () => {
    const rules = [rule(q2.id, 'No', { jump: q5.id }), rule(q2.id, 'Maybe', { end: 1 })];
    expect(nextStep(all, rules, q2.id, ['No', 'Maybe'])).toEqual(goTo(q5));
    expect(nextStep(all, rules, q2.id, ['Maybe', 'No'])).toEqual(end(1));
    expect(nextStep(all, rules, q2.id, ['Yes', 'No'])).toEqual(goTo(q3));
    // The older client stored a multi-select answer comma-joined.
    expect(nextStep(all, rules, q2.id, 'Maybe,No')).toEqual(end(1));
  });

  it('matches Text Input and Textarea by the question alone, whatever the answer', () => {
    const rules = [rule(q3.id, null, { jump: q5.id }), rule(q4.id, null, { end: 0 })];
    expect(nextStep(all, rules, q3.id, 'anything')).toEqual(goTo(q5));
    expect(nextStep(all, rules, q3.id, 'something else')).toEqual(goTo(q5));
    expect(nextStep(all, rules, q4.id, 'a long comment')).toEqual(end(0));
  });

  it('does not match an option rule with no answer chosen', () => {
    const rules = [rule(q1.id, 'Yes', { end: 1 })];
    expect(nextStep(all, rules, q1.id, undefined)).toEqual(goTo(q2));
  });

  it('ends as a completed call on isCompletedCall 1 and as not completed on 0, even with a target', () => {
    expect(nextStep(all, [rule(q1.id, 'Yes', { end: 1 })], q1.id, 'Yes')).toEqual(end(1));
    expect(nextStep(all, [rule(q1.id, 'No', { end: 0 })], q1.id, 'No')).toEqual(end(0));
    expect(nextStep(all, [rule(q1.id, 'Yes', { jump: q4.id, end: 1 })], q1.id, 'Yes')).toEqual(end(1));
    expect(nextStep(all, [rule(q1.id, 'Yes', { jump: q4.id, end: 0 })], q1.id, 'Yes')).toEqual(end(0));
  });

  it('continues after an inactive target with the next active question after it by qno', () => {
    const off = { ...q3, status: false };
    const rules = [rule(q1.id, 'Yes', { jump: q3.id })];
    expect(nextStep([q1, q2, off, q4, q5], rules, q1.id, 'Yes')).toEqual(goTo(q4));
    const lastOff = { ...q5, status: false };
    expect(nextStep([q1, q2, lastOff], [rule(q1.id, 'Yes', { jump: q5.id })], q1.id, 'Yes')).toEqual(end(0));
  });

  it('treats a rule whose target is missing as no rule', () => {
    expect(nextStep(all, [rule(q1.id, 'Yes', { jump: 999_999 })], q1.id, 'Yes')).toEqual(goTo(q2));
  });

  it('may jump backwards', () => {
    expect(nextStep(all, [rule(q4.id, null, { jump: q1.id })], q4.id, 'again')).toEqual(goTo(q1));
  });

  it('refuses a current question that is not in the survey', () => {
    expect(() => nextStep(all, [], 424242, 'Yes')).toThrow(RangeError);
  });
});

describe('findEndlessLoops', () => {
  it('finds nothing in a survey that can always end', () => {
    const a = q(1);
    const b = q(2);
    expect(findEndlessLoops([a, b], [])).toEqual([]);
    // A loop with a way out is fine: 'No' leaves it.
    expect(findEndlessLoops([a, b], [rule(b.id, 'Yes', { jump: a.id }), rule(a.id, 'Yes', { jump: b.id })])).toEqual(
      [],
    );
  });

  it('finds questions that only ever send each other back and forth', () => {
    const a = q(1, 'Text Input');
    const b = q(2, 'Select Option', { options: 'Yes, No' });
    const c = q(3, 'Number');
    const rules = [
      rule(a.id, null, { jump: b.id }),
      rule(b.id, 'Yes', { jump: a.id }),
      rule(b.id, 'No', { jump: a.id }),
    ];
    expect(findEndlessLoops([c, b, a], rules)).toEqual([[a.id, b.id]]);
  });

  it('reports each closed loop once, in qno order, and not the questions merely leading into one', () => {
    const [a, b, c, d, e] = [
      q(1, 'Text Input'),
      q(2, 'Text Input'),
      q(3, 'Text Input'),
      q(4, 'Text Input'),
      q(5, 'Text Input'),
    ];
    const rules = [
      rule(a.id, null, { jump: c.id }),
      rule(b.id, null, { jump: c.id }),
      rule(c.id, null, { jump: b.id }),
      rule(d.id, null, { jump: e.id }),
      rule(e.id, null, { jump: d.id }),
    ];
    expect(findEndlessLoops([a, b, c, d, e], rules)).toEqual([
      [b.id, c.id],
      [d.id, e.id],
    ]);
  });

  it('ignores an inactive question in the loop by following the survey past it', () => {
    const a = q(1, 'Text Input');
    const off = q(2, 'Text Input', { status: false });
    const b = q(3, 'Text Input');
    // a → off (inactive, so on to b); b → a: a loop of a and b.
    const rules = [rule(a.id, null, { jump: off.id }), rule(b.id, null, { jump: a.id })];
    expect(findEndlessLoops([a, off, b], rules)).toEqual([[a.id, b.id]]);
  });

  it('finds a question that jumps to itself', () => {
    const a = q(1, 'Textarea');
    expect(findEndlessLoops([a], [rule(a.id, null, { jump: a.id })])).toEqual([[a.id]]);
  });

  it('does not count an ending rule as a loop', () => {
    const a = q(1, 'Select Option', { options: 'Yes, No' });
    const b = q(2, 'Text Input');
    const rules = [rule(a.id, 'Yes', { jump: b.id }), rule(a.id, 'No', { end: 0 }), rule(b.id, null, { jump: a.id })];
    expect(findEndlessLoops([a, b], rules)).toEqual([]);
  });
});

describe('describeRule', () => {
  const q4 = q(4);
  const q5 = q(5);
  const byId = new Map([q4, q5].map((x) => [x.id, x]));

  it('says where an option leads', () => {
    expect(describeRule(rule(1, 'Yes', { jump: q5.id }), byId)).toBe('Yes → Q5');
    expect(describeRule(rule(1, null, { jump: q4.id }), byId)).toBe('Any answer → Q4');
    expect(describeRule(rule(1, 'Yes', { jump: q5.id }), { [q5.id]: q5 })).toBe('Yes → Q5');
  });

  it('says how the survey ends', () => {
    expect(describeRule(rule(1, 'No', { end: 1 }), byId)).toBe('No → end, completed call');
    expect(describeRule(rule(1, 'No', { end: 0 }), byId)).toBe('No → end, not completed');
    expect(describeRule(rule(1, 'No', { jump: q4.id, end: 1 }), byId)).toBe('No → end, completed call');
  });

  it('names a missing target plainly', () => {
    expect(describeRule(rule(1, 'Yes', { jump: 777 }), byId)).toBe('Yes → a deleted question');
  });
});

describe('stored answers', () => {
  it("joins a multi-select with ', ' and splits it back, trimmed", () => {
    expect(storedAnswer(['Alpha', 'Gamma'])).toBe('Alpha, Gamma');
    expect(storedAnswer('Yes')).toBe('Yes');
    expect(splitMultiSelect('Alpha, Gamma ,, ')).toEqual(['Alpha', 'Gamma']);
  });

  it('accepts offered options, numbers, emails and Partial Call; refuses the rest with a reason', () => {
    const select = q(1, 'Select Option', { options: 'Yes, No' });
    const multi = q(2, 'Multi Select Option', { options: 'Alpha, Beta' });
    expect(storedAnswerProblem(select, 'Yes')).toBeUndefined();
    expect(storedAnswerProblem(multi, 'Beta, Alpha')).toBeUndefined();
    expect(storedAnswerProblem(select, 'Partial Call')).toBeUndefined();
    expect(storedAnswerProblem(select, 'Maybe')).toBe('"Maybe" is not one of its options');
    expect(storedAnswerProblem(multi, 'Alpha, Delta')).toBe('"Delta" is not one of its options');
    expect(storedAnswerProblem(multi, ' , ')).toBe('Please select at least one option before proceeding');
    expect(storedAnswerProblem(q(3, 'Number'), '12')).toBeUndefined();
    expect(storedAnswerProblem(q(3, 'Number'), 'twelve')).toBe('Please enter a valid number');
    expect(storedAnswerProblem(q(4, 'Email'), 'a@b')).toBe('Please enter a valid email address');
    expect(storedAnswerProblem(q(5, 'Text Input'), '')).toBe('Please provide an answer before proceeding');
    expect(storedAnswerProblem(q(6, 'Plain Text'), '')).toBeUndefined();
  });
});
