// The CRM survey run: the path and Back, jumps, how a call ends, the save body, Partial Call and resuming one.
import { describe, expect, it } from 'vitest';
import {
  PARTIAL_CALL_ANSWER,
  SURVEY_MESSAGES,
  type TLead,
  type TShowIf,
  type TQuestionType,
  type TSurveyQuestion,
  type TSurveyRule,
} from '@crm/shared';
import {
  advanceRun,
  backRun,
  canGoBack,
  currentQuestionId,
  likelyQuestionCount,
  partialCallBody,
  resumeRun,
  runAnswerFromLead,
  saveBody,
  shownForLead,
  startRun,
  toggleChoice,
  withAnswer,
  type TRunAnswer,
  type TSurveyRun,
} from './survey-run.ts';

const q = (id: number, qno: string, type: TQuestionType, options = '', status = true): TSurveyQuestion => ({
  id,
  qno,
  type,
  options,
  status,
});

// Listed out of order on purpose: the run follows qno (Q10 after Q5), and Q6 is inactive.
const QUESTIONS: TSurveyQuestion[] = [
  q(30, 'Q3', 'Multi Select Option', 'A, B, C'),
  q(10, 'Q1', 'Select Option', 'Yes, No, Maybe'),
  q(20, 'Q2', 'Text Input'),
  q(40, 'Q4', 'Plain Text'),
  q(100, 'Q10', 'Textarea'),
  q(60, 'Q6', 'Select Option', 'Yes, No', false),
  q(50, 'Q5', 'Number'),
];
const rule = (
  questionId: number,
  optionTitle: string | null,
  questionNoToShow: number | null,
  isCompletedCall: 0 | 1 | null = null,
): TSurveyRule => ({
  questionId,
  optionTitle,
  questionNoToShow,
  isCompletedCall,
});
const RULES: TSurveyRule[] = [
  rule(10, 'Yes', 30), // a jump over Q2
  rule(10, 'No', null, 0), // ends, not completed
  rule(20, null, 50), // any answer to Q2 jumps to Q5
  rule(30, 'A', null, 1), // completes the call
];

function begin(): TSurveyRun {
  const run = startRun(QUESTIONS);
  if (run === undefined) throw new Error('the survey has questions');
  return run;
}

/** Answers the question on screen and presses Next, expecting another question. */
function answerAndNext(
  run: TSurveyRun,
  answer: TRunAnswer | undefined,
  questions = QUESTIONS,
  rules = RULES,
): TSurveyRun {
  const answered = answer === undefined ? run : withAnswer(run, currentQuestionId(run), answer);
  const step = advanceRun(questions, rules, answered);
  if (step.kind !== 'question') throw new Error(`expected a question, got ${JSON.stringify(step)}`);
  return step.run;
}

describe('a survey run', () => {
  it('starts at the first active question by qno, with nothing answered and no Back', () => {
    const run = begin();
    expect(run).toEqual({ path: [10], answers: {} });
    expect(canGoBack(run)).toBe(false);
    expect(startRun([q(1, 'Q1', 'Text Input', '', false)])).toBeUndefined();
  });

  it('refuses Next without an answer, with the spec messages', () => {
    expect(advanceRun(QUESTIONS, RULES, begin())).toEqual({ kind: 'problem', message: SURVEY_MESSAGES.answerRequired });
    const atQ3 = answerAndNext(begin(), 'Yes');
    expect(advanceRun(QUESTIONS, RULES, withAnswer(atQ3, 30, []))).toEqual({
      kind: 'problem',
      message: SURVEY_MESSAGES.selectAtLeastOne,
    });
    const atQ5 = answerAndNext(answerAndNext(begin(), 'Maybe'), 'Dhaka');
    expect(advanceRun(QUESTIONS, RULES, withAnswer(atQ5, 50, 'twelve'))).toEqual({
      kind: 'problem',
      message: SURVEY_MESSAGES.invalidNumber,
    });
  });

  it('follows a jump, and Back returns along the path taken with the answers kept', () => {
    const atQ3 = answerAndNext(begin(), 'Yes');
    expect(atQ3.path).toEqual([10, 30]); // Q2 skipped by the rule
    const answered = withAnswer(atQ3, 30, ['B']);
    const back = backRun(answered);
    expect(back.path).toEqual([10]);
    expect(back.answers).toEqual({ 10: 'Yes', 30: ['B'] });
    expect(backRun(back)).toBe(back); // nothing before the first question
    // Forward again: the answer given to Q3 is still there.
    expect(answerAndNext(back, undefined).answers[30]).toEqual(['B']);
  });

  it('ends as a completed call (is_called 1) on a completing rule', () => {
    const atQ3 = answerAndNext(begin(), 'Yes');
    const step = advanceRun(QUESTIONS, RULES, withAnswer(atQ3, 30, ['A', 'C']));
    expect(step).toMatchObject({ kind: 'end', isCalled: 1 });
  });

  it('ends as not completed on a rule that says so, and after the last question with no rule', () => {
    expect(advanceRun(QUESTIONS, RULES, withAnswer(begin(), 10, 'No'))).toMatchObject({ kind: 'end', isCalled: 0 });
    // Yes → Q3 (B, C: no rule) → Q4 (Plain Text, no answer needed) → Q5 → Q10, the last.
    let run = answerAndNext(begin(), 'Yes');
    run = answerAndNext(run, ['B', 'C']);
    expect(currentQuestionId(run)).toBe(40);
    run = answerAndNext(run, undefined);
    run = answerAndNext(run, '42');
    expect(run.path).toEqual([10, 30, 40, 50, 100]);
    const end = advanceRun(QUESTIONS, RULES, withAnswer(run, 100, '  Wants a call back\nafter 6 pm  '));
    if (end.kind !== 'end') throw new Error('the last question ends the survey');
    expect(end.isCalled).toBe(0);
    // Multi-select joined with ', '; Plain Text and the skipped Q2 null; the inactive Q6 left alone.
    expect(saveBody(QUESTIONS, end.run, end.isCalled)).toEqual({
      Q1: 'Yes',
      Q2: null,
      Q3: 'B, C',
      Q4: null,
      Q5: '42',
      Q10: 'Wants a call back\nafter 6 pm',
      is_called: 0,
    });
  });

  it('saves null for questions off the path, also ones answered on a branch the agent backed out of', () => {
    // Yes → Q3 answered A, then Back and Maybe instead: Q1 → Q2 → (rule) Q5 → Q10.
    let run = withAnswer(answerAndNext(begin(), 'Yes'), 30, ['A']);
    run = backRun(run);
    run = answerAndNext(run, 'Maybe');
    run = answerAndNext(run, 'Dhaka');
    expect(run.path).toEqual([10, 20, 50]);
    run = answerAndNext(run, '7');
    const end = advanceRun(QUESTIONS, RULES, withAnswer(run, 100, 'ok'));
    if (end.kind !== 'end') throw new Error('the last question ends the survey');
    expect(saveBody(QUESTIONS, end.run, end.isCalled)).toEqual({
      Q1: 'Maybe',
      Q2: 'Dhaka',
      Q3: null,
      Q4: null,
      Q5: '7',
      Q10: 'ok',
      is_called: 0,
    });
  });

  it('keeps multi-select choices in the order the options are offered, whatever the order of the clicks', () => {
    const options = ['A', 'B', 'C'];
    const chosen = toggleChoice(options, toggleChoice(options, undefined, 'C'), 'A');
    expect(chosen).toEqual(['A', 'C']);
    expect(toggleChoice(options, chosen, 'A')).toEqual(['C']);
  });

  it("records 'Partial Call' at the question on screen, keeps the path's answers and is not a called lead", () => {
    const atQ3 = withAnswer(answerAndNext(begin(), 'Yes'), 30, ['B']);
    expect(partialCallBody(QUESTIONS, atQ3)).toEqual({
      Q1: 'Yes',
      Q2: null,
      Q3: PARTIAL_CALL_ANSWER,
      Q4: null,
      Q5: null,
      Q10: null,
      is_called: 0,
    });
  });
});

const lead = (answers: Record<string, string | number | null>): TLead => ({
  id: 7,
  cell_number: '+8801712345678',
  is_called: 0,
  ...answers,
});

describe('resuming a partial call', () => {
  it('replays the stored answers to the question answered Partial Call, with the path and earlier answers', () => {
    const resume = resumeRun(
      QUESTIONS,
      RULES,
      lead({ Q1: 'Yes', Q2: 'stale answer', Q3: PARTIAL_CALL_ANSWER, Q5: null }),
    );
    expect(resume).toEqual({ run: { path: [10, 30], answers: { 10: 'Yes' } }, questionId: 30, reached: true });
    // Back works from there.
    expect(resume && backRun(resume.run).path).toEqual([10]);
  });

  it("splits a stored multi-select 'B, C' back into its options and passes Plain Text", () => {
    const resume = resumeRun(QUESTIONS, RULES, lead({ Q1: 'Yes', Q3: 'B, C', Q4: null, Q5: PARTIAL_CALL_ANSWER }));
    expect(resume).toEqual({
      run: { path: [10, 30, 40, 50], answers: { 10: 'Yes', 30: ['B', 'C'] } },
      questionId: 50,
      reached: true,
    });
  });

  it('starts at the partial-call question after the path it could replay when the answers no longer lead there', () => {
    // Maybe → Q2 → Q5, which has no answer: Q3 cannot be reached with today's rules.
    expect(resumeRun(QUESTIONS, RULES, lead({ Q1: 'Maybe', Q2: 'Dhaka', Q3: PARTIAL_CALL_ANSWER }))).toEqual({
      run: { path: [10, 20, 30], answers: { 10: 'Maybe', 20: 'Dhaka' } },
      questionId: 30,
      reached: false,
    });
    // No usable first answer: straight to the question.
    expect(resumeRun(QUESTIONS, RULES, lead({ Q3: PARTIAL_CALL_ANSWER }))).toEqual({
      run: { path: [30], answers: {} },
      questionId: 30,
      reached: false,
    });
    // A loop in the rules stops the replay instead of spinning.
    const loop = [...RULES.filter((r) => r.questionId !== 20), rule(20, null, 10)];
    expect(resumeRun(QUESTIONS, loop, lead({ Q1: 'Maybe', Q2: 'x', Q10: PARTIAL_CALL_ANSWER }))).toMatchObject({
      run: { path: [10, 20, 100] },
      reached: false,
    });
  });

  it('is nothing to resume without a Partial Call answer on an active question', () => {
    expect(resumeRun(QUESTIONS, RULES, lead({ Q1: 'Yes', Q3: 'A' }))).toBeUndefined();
    expect(resumeRun(QUESTIONS, RULES, lead({ Q6: PARTIAL_CALL_ANSWER }))).toBeUndefined();
  });

  it('reads stored numbers and blanks as the inputs show them', () => {
    expect(runAnswerFromLead('Number', 42)).toBe('42');
    expect(runAnswerFromLead('Text Input', null)).toBeUndefined();
    expect(runAnswerFromLead('Multi Select Option', ' , ')).toBeUndefined();
  });
});

describe('how many questions a call will likely ask', () => {
  it('follows the way most options lead from an unanswered question (a tie: the first option), to the end', () => {
    // Q1: Yes → Q3, No → end, Maybe → Q2 (a tie: Yes). Q3: A → end, B and C → Q4. Then Q4 → Q5 → Q10 → end.
    expect(likelyQuestionCount(QUESTIONS, RULES, begin())).toBe(5);
  });

  it('follows the answers given, and counts the questions already shown', () => {
    const maybe = withAnswer(begin(), 10, 'Maybe');
    // Maybe → Q2, whose any answer jumps to Q5, then Q10.
    expect(likelyQuestionCount(QUESTIONS, RULES, maybe)).toBe(4);
    const atQ2 = answerAndNext(begin(), 'Maybe');
    expect(atQ2.path).toHaveLength(2);
    expect(likelyQuestionCount(QUESTIONS, RULES, atQ2)).toBe(4);
    expect(likelyQuestionCount(QUESTIONS, RULES, withAnswer(begin(), 10, 'No'))).toBe(1);
  });

  it('stops at a loop instead of counting it forever', () => {
    const loop = [...RULES.filter((r) => r.questionId !== 20), rule(20, null, 10)];
    expect(likelyQuestionCount(QUESTIONS, loop, withAnswer(begin(), 10, 'Maybe'))).toBe(2);
  });
});

describe('a run with "show only if" conditions', () => {
  // Q2 only when Q1 is "No"; Q3 only in Dhaka; Q5 only when Q3 holds "B".
  const conditions: Record<number, TShowIf> = {
    20: { join: 'and', items: [{ subject: { kind: 'answer', questionId: 10 }, operator: 'is', value: 'No' }] },
    30: { join: 'and', items: [{ subject: { kind: 'field', name: 'region' }, operator: 'is', value: 'Dhaka' }] },
    50: { join: 'and', items: [{ subject: { kind: 'answer', questionId: 30 }, operator: 'anyOf', values: ['B'] }] },
  };
  const lead = (region: string) => ({ id: 1, cell_number: '+8801712345678', Region: region }) as unknown as TLead;
  const shownFor = (region: string) => shownForLead((id) => conditions[id], lead(region));
  const step = (run: TSurveyRun, region: string) => {
    const next = advanceRun(QUESTIONS, [], run, shownFor(region));
    if (next.kind !== 'question') throw new Error(`expected a question, got ${next.kind}`);
    return next.run;
  };

  it("skips a question whose condition is false, on the answers of the call and the lead's fields (any case)", () => {
    const start = startRun(QUESTIONS, shownFor('Dhaka'));
    expect(start?.path).toEqual([10]);
    // Q1 "Maybe": Q2 is hidden, Q3 (Dhaka) shown.
    expect(currentQuestionId(step(withAnswer(start!, 10, 'Maybe'), 'Dhaka'))).toBe(30);
    // Q1 "No": Q2 shown.
    expect(currentQuestionId(step(withAnswer(start!, 10, 'No'), 'Dhaka'))).toBe(20);
    // Outside Dhaka Q3 is skipped too: Q4 next.
    expect(currentQuestionId(step(withAnswer(start!, 10, 'Maybe'), 'Sylhet'))).toBe(40);
  });

  it('an answer on a branch the agent backed out of counts for nothing', () => {
    let run = startRun(QUESTIONS, shownFor('Dhaka'))!;
    run = step(withAnswer(run, 10, 'Maybe'), 'Dhaka'); // at Q3
    run = step(withAnswer(run, 30, ['B']), 'Dhaka'); // at Q4
    run = step(run, 'Dhaka'); // Q4 is plain text: on to Q5, shown as Q3 holds B
    expect(currentQuestionId(run)).toBe(50);
    // Back to Q3 and choose A: Q5 is hidden now, Q10 follows Q4.
    run = backRun(backRun(run));
    run = step(withAnswer(run, 30, ['A']), 'Dhaka');
    run = step(run, 'Dhaka');
    expect(currentQuestionId(run)).toBe(100);
  });

  it('counts only the questions the call will show', () => {
    const run = startRun(QUESTIONS, shownFor('Sylhet'))!;
    // Q1 → (Q2 hidden unless "No", Q3 hidden outside Dhaka) Q4 → Q5 hidden (Q3 unanswered) → Q10: 3 questions.
    expect(likelyQuestionCount(QUESTIONS, [], withAnswer(run, 10, 'Maybe'), shownFor('Sylhet'))).toBe(3);
    expect(likelyQuestionCount(QUESTIONS, [], withAnswer(run, 10, 'Maybe'))).toBe(6);
  });
});
