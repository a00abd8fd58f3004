// One call's walk through the survey (docs/product.md §4 Survey, §5): the path taken, the answers given, Back, where Next
// leads, the save body of an end or a partial call, and resuming a lead a partial call left. Pure: the screen holds it.
import {
  activeQuestions,
  answerProblem,
  firstQuestion,
  isChoiceType,
  MULTI_SELECT_SEPARATOR,
  nextStep,
  PARTIAL_CALL_ANSWER,
  parseOptions,
  shownTest,
  splitMultiSelect,
  type TLead,
  type TShowIf,
  type TShownTest,
  type TLeadSaveBody,
  type TQuestionType,
  type TSurveyQuestion,
  type TSurveyRule,
  type TSurveyStep,
} from '@crm/shared';

/** A Multi Select's answer is the chosen options; every other type's is the text typed or the option picked. */
export type TRunAnswer = string | readonly string[];

export type TSurveyRun = {
  /** The question ids in the order they were shown; the last is the one on screen. Back pops it. */
  path: readonly number[];
  /** Answers by question id, kept when the agent goes back so they show again on the way forward. */
  answers: Readonly<Record<number, TRunAnswer>>;
};

export type TRunStep =
  | { kind: 'problem'; message: string }
  | { kind: 'question'; run: TSurveyRun }
  | { kind: 'end'; run: TSurveyRun; isCalled: 0 | 1 };

type TQuestionLike = TSurveyQuestion;

/**
 * Which questions this call shows, given the answers on its path so far: the questions' "show only if" conditions
 * over those answers and the lead's fields (domain/survey-conditions.ts). A question whose condition is false is skipped.
 */
export type TShownFor = (answers: Readonly<Record<number, TRunAnswer>>) => TShownTest;
export const everyQuestionShown: TShownFor = () => () => true;

/** A lead field by name, as a condition names it (any case): the lead's flat value as text. */
function leadField(lead: TLead, name: string): string | undefined {
  const key = Object.keys(lead).find((k) => k.toLowerCase() === name.trim().toLowerCase());
  const value = key === undefined ? undefined : lead[key];
  return value === null || value === undefined ? undefined : String(value);
}

/** The call's shown-test: each question's condition (none: always shown) over the answers and this lead's fields. */
export function shownForLead(conditionOf: (questionId: number) => TShowIf | undefined, lead: TLead): TShownFor {
  return (answers) =>
    shownTest(conditionOf, { answerOf: (id) => answers[id], fieldOf: (name) => leadField(lead, name) });
}

/** The shown-test of a call on a campaign survey (its conditions, the call's lead). */
export function callShownFor(call: {
  lead: TLead;
  survey: { conditionOf: (questionId: number) => { showIf: TShowIf } | undefined };
}): TShownFor {
  return shownForLead((id) => call.survey.conditionOf(id)?.showIf, call.lead);
}

/** The answers of the questions on the path: an answer left on a branch the agent backed out of counts for nothing. */
function pathAnswers(run: TSurveyRun): Record<number, TRunAnswer> {
  const out: Record<number, TRunAnswer> = {};
  for (const id of run.path) {
    const answer = run.answers[id];
    if (answer !== undefined) out[id] = answer;
  }
  return out;
}

/** A fresh run at the first active question shown, or undefined when the survey has none. */
export function startRun(
  questions: readonly TQuestionLike[],
  shownFor: TShownFor = everyQuestionShown,
): TSurveyRun | undefined {
  const first = firstQuestion(questions, shownFor({}));
  return first === undefined ? undefined : { path: [first.id], answers: {} };
}

export function currentQuestionId(run: TSurveyRun): number {
  const id = run.path[run.path.length - 1];
  if (id === undefined) throw new RangeError('A survey run always has a question on screen');
  return id;
}

export function canGoBack(run: TSurveyRun): boolean {
  return run.path.length > 1;
}

export function withAnswer(run: TSurveyRun, questionId: number, answer: TRunAnswer): TSurveyRun {
  return { ...run, answers: { ...run.answers, [questionId]: answer } };
}

/**
 * A Multi Select's answer after ticking or unticking one option, kept in the order the options are offered, so the
 * stored 'A, B' and the first chosen option (which picks the logic rule) do not depend on the order of the clicks.
 */
export function toggleChoice(options: readonly string[], answer: TRunAnswer | undefined, option: string): string[] {
  const chosen = new Set(answer === undefined ? [] : typeof answer === 'string' ? [answer] : answer);
  if (chosen.has(option)) chosen.delete(option);
  else chosen.add(option);
  return options.filter((o) => chosen.has(o));
}

/** Back along the path actually taken; the answers stay. */
export function backRun(run: TSurveyRun): TSurveyRun {
  return canGoBack(run) ? { ...run, path: run.path.slice(0, -1) } : run;
}

/** Next: the current answer's problem (docs/product.md §5 messages), or the next question, or the end with its is_called. */
export function advanceRun(
  questions: readonly TQuestionLike[],
  rules: readonly TSurveyRule[],
  run: TSurveyRun,
  shownFor: TShownFor = everyQuestionShown,
): TRunStep {
  const id = currentQuestionId(run);
  const question = questions.find((q) => q.id === id);
  if (question === undefined) throw new RangeError(`Question ${id} is not part of this survey`);
  const answer = run.answers[id];
  const problem = answerProblem(question, answer);
  if (problem !== undefined) return { kind: 'problem', message: problem };
  const step = nextStep(questions, rules, id, answer, shownFor(pathAnswers(run)));
  if (step.kind === 'end') return { kind: 'end', run, isCalled: step.isCalled };
  return { kind: 'question', run: { ...run, path: [...run.path, step.questionId] } };
}

/** The answer as a lead stores it: options joined with ', ', text trimmed; nothing for Plain Text or a blank. */
export function storedAnswerText(type: TQuestionType, answer: TRunAnswer | undefined): string | null {
  if (type === 'Plain Text' || answer === undefined) return null;
  const text =
    typeof answer === 'string'
      ? answer.trim()
      : answer
          .map((a) => a.trim())
          .filter((a) => a !== '')
          .join(MULTI_SELECT_SEPARATOR);
  return text === '' ? null : text;
}

/**
 * The PUT body: every active question's Q key, with the answer when the question is on the path and null
 * otherwise, so answers left from an earlier call of this lead (or a branch the agent backed out of) are cleared.
 */
export function saveBody(questions: readonly TQuestionLike[], run: TSurveyRun, isCalled: 0 | 1): TLeadSaveBody {
  const onPath = new Set(run.path);
  const body: TLeadSaveBody = {};
  for (const q of activeQuestions(questions))
    body[q.qno] = onPath.has(q.id) ? storedAnswerText(q.type, run.answers[q.id]) : null;
  body.is_called = isCalled;
  return body;
}

/** Partial Call: the question on screen is answered 'Partial Call', the path before it keeps its answers, not called. */
export function partialCallBody(questions: readonly TQuestionLike[], run: TSurveyRun): TLeadSaveBody {
  const current = questions.find((q) => q.id === currentQuestionId(run));
  const body = saveBody(questions, run, 0);
  if (current !== undefined) body[current.qno] = PARTIAL_CALL_ANSWER;
  return body;
}

/** A lead's stored answer as the run holds it: a Multi Select's 'A, B' becomes ['A', 'B']. */
export function runAnswerFromLead(type: TQuestionType, value: TLead[string] | undefined): TRunAnswer | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value);
  if (type === 'Multi Select Option') {
    const parts = splitMultiSelect(text);
    return parts.length === 0 ? undefined : parts;
  }
  return text;
}

export type TResume = {
  run: TSurveyRun;
  /** The question the partial call stopped at (on screen when the run starts). */
  questionId: number;
  /** False when the stored answers no longer lead there (the rules or questions changed since). */
  reached: boolean;
};

/**
 * Resuming a partial call: replays the engine from the first question with the lead's stored answers until it
 * reaches a question answered 'Partial Call', and starts there with the path and the earlier answers. When the
 * replay cannot get there (an answer missing or refused, the end, a loop), it starts at the first such question
 * in qno order after the path it did replay. Undefined when no active question holds 'Partial Call'.
 */
export function resumeRun(
  questions: readonly TQuestionLike[],
  rules: readonly TSurveyRule[],
  lead: TLead,
  shownFor: TShownFor = everyQuestionShown,
): TResume | undefined {
  const active = activeQuestions(questions);
  const isPartial = (q: TQuestionLike) => lead[q.qno] === PARTIAL_CALL_ANSWER;
  const stoppedAt = active.find(isPartial);
  if (stoppedAt === undefined) return undefined;

  const path: number[] = [];
  const answers: Record<number, TRunAnswer> = {};
  let question: TQuestionLike | undefined = firstQuestion(questions, shownFor({}));
  while (question !== undefined && !path.includes(question.id)) {
    if (isPartial(question))
      return { run: { path: [...path, question.id], answers }, questionId: question.id, reached: true };
    const answer = runAnswerFromLead(question.type, lead[question.qno]);
    if (answerProblem(question, answer) !== undefined) break;
    path.push(question.id);
    // Plain Text keeps no answer.
    if (answer !== undefined && question.type !== 'Plain Text') answers[question.id] = answer;
    const step = nextStep(questions, rules, question.id, answer, shownFor(answers));
    const nextId: number | undefined = step.kind === 'question' ? step.questionId : undefined;
    question = nextId === undefined ? undefined : active.find((q) => q.id === nextId);
  }
  return { run: { path: [...path, stoppedAt.id], answers }, questionId: stoppedAt.id, reached: false };
}

/**
 * Where a question not yet answered most likely leads: for a choice, the step most of its options lead to (a tie goes to
 * the first option's); for the other types, the step of any answer.
 */
function likelyStep(
  questions: readonly TQuestionLike[],
  rules: readonly TSurveyRule[],
  question: TQuestionLike,
  shown: TShownTest,
): TSurveyStep {
  const options = isChoiceType(question.type) ? parseOptions(question.options) : [];
  if (options.length === 0) return nextStep(questions, rules, question.id, 'any answer', shown);
  const tally = new Map<string, { step: TSurveyStep; count: number }>();
  for (const option of options) {
    const step = nextStep(questions, rules, question.id, option, shown);
    const key = step.kind === 'end' ? 'end' : String(step.questionId);
    const seen = tally.get(key);
    tally.set(key, { step, count: (seen?.count ?? 0) + 1 });
  }
  let best: { step: TSurveyStep; count: number } | undefined;
  for (const entry of tally.values()) if (best === undefined || entry.count > best.count) best = entry;
  return best?.step ?? { kind: 'end', isCalled: 0 };
}

/**
 * How many questions this call will likely ask in all ("Question 4 of about 9"): the ones shown so far, then from the
 * question on screen the way its answer leads (or, unanswered, the way most answers lead) until the end or a loop.
 */
export function likelyQuestionCount(
  questions: readonly TQuestionLike[],
  rules: readonly TSurveyRule[],
  run: TSurveyRun,
  shownFor: TShownFor = everyQuestionShown,
): number {
  // Questions ahead are judged on the answers given so far (a condition on a later answer is not known yet).
  const shown = shownFor(pathAnswers(run));
  const active = new Map(activeQuestions(questions).map((q) => [q.id, q]));
  const walked = new Set<number>();
  let count = run.path.length - 1;
  let id: number | undefined = currentQuestionId(run);
  while (id !== undefined && !walked.has(id)) {
    const question = active.get(id);
    if (question === undefined) break;
    walked.add(id);
    count += 1;
    const answer: TRunAnswer | undefined = run.answers[id];
    const step: TSurveyStep =
      answer !== undefined && answerProblem(question, answer) === undefined
        ? nextStep(questions, rules, id, answer, shown)
        : likelyStep(questions, rules, question, shown);
    id = step.kind === 'question' ? step.questionId : undefined;
  }
  return Math.max(count, run.path.length);
}
