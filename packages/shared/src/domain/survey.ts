// The survey engine (docs/product.md §4 Survey, §5): question order, answer checks, where an answer leads, loops, rules in words.
import { MULTI_SELECT_SEPARATOR, PARTIAL_CALL_ANSWER } from '../schemas/crm.ts';
import type { TLogicRule } from '../schemas/logic.ts';
import { isChoiceType, parseOptions, qnoNumber, type TQuestion } from '../schemas/questions.ts';

export type TSurveyQuestion = Pick<TQuestion, 'id' | 'qno' | 'type' | 'options' | 'status'>;
export type TSurveyRule = Pick<TLogicRule, 'questionId' | 'optionTitle' | 'questionNoToShow' | 'isCompletedCall'>;
export type TSurveyAnswer = string | readonly string[] | undefined;
export type TSurveyStep = { kind: 'question'; questionId: number } | { kind: 'end'; isCalled: 0 | 1 };

/** Spec §5 and §8 survey messages word for word; the number and email ones are ours. */
export const SURVEY_MESSAGES = {
  answerRequired: 'Please provide an answer before proceeding',
  selectAtLeastOne: 'Please select at least one option before proceeding',
  invalidNumber: 'Please enter a valid number',
  invalidEmail: 'Please enter a valid email address',
  leadNotGenerated: 'Lead was not generated!',
  ended: 'Survey Ended',
  partial: 'Survey has been partially completed.',
} as const;

const byQno = (a: TSurveyQuestion, b: TSurveyQuestion) => qnoNumber(a.qno) - qnoNumber(b.qno) || a.id - b.id;

/** The questions the survey asks: active ones, in qno order (Q2 before Q10). */
export function activeQuestions<Q extends TSurveyQuestion>(questions: readonly Q[]): Q[] {
  return questions.filter((q) => q.status).sort(byQno);
}

/**
 * Whether a question is shown in this call: false for one whose "show only if" condition does not hold
 * (domain/survey-conditions.ts), which the survey then skips as it skips an inactive one. Absent: every question.
 */
export type TShownTest = (question: TSurveyQuestion) => boolean;
const everyQuestion: TShownTest = () => true;

export function firstQuestion<Q extends TSurveyQuestion>(
  questions: readonly Q[],
  shown: TShownTest = everyQuestion,
): Q | undefined {
  return activeQuestions(questions).find(shown);
}

function answerList(answer: TSurveyAnswer): string[] {
  if (answer === undefined) return [];
  const list = typeof answer === 'string' ? [answer] : [...answer];
  return list.map((a) => a.trim()).filter((a) => a.length > 0);
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why the answer cannot be accepted, or undefined when it can. A Plain Text question needs none. */
export function answerProblem(question: Pick<TSurveyQuestion, 'type'>, answer: TSurveyAnswer): string | undefined {
  if (question.type === 'Plain Text') return undefined;
  const given = answerList(answer);
  if (given.length === 0)
    return question.type === 'Multi Select Option' ? SURVEY_MESSAGES.selectAtLeastOne : SURVEY_MESSAGES.answerRequired;
  const value = given.join(',');
  if (question.type === 'Number' && !NUMBER.test(value)) return SURVEY_MESSAGES.invalidNumber;
  if (question.type === 'Email' && !EMAIL.test(value)) return SURVEY_MESSAGES.invalidEmail;
  return undefined;
}

/** A multi-select answer as stored ('A, B') back into its options. */
export function splitMultiSelect(stored: string): string[] {
  return stored
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** How an answer is stored under Q<qno>: a multi-select's options joined with ', '. */
export function storedAnswer(answer: string | readonly string[]): string {
  return typeof answer === 'string' ? answer : answer.join(MULTI_SELECT_SEPARATOR);
}

/**
 * Why an answer as stored cannot be kept for the question, or undefined when it can: the checks of
 * answerProblem, and for the choice types only offered options. 'Partial Call' marks where a call stopped.
 */
export function storedAnswerProblem(
  question: Pick<TSurveyQuestion, 'type' | 'options'>,
  stored: string,
): string | undefined {
  if (stored === PARTIAL_CALL_ANSWER || question.type === 'Plain Text') return undefined;
  const given = question.type === 'Multi Select Option' ? splitMultiSelect(stored) : stored;
  const problem = answerProblem(question, given);
  if (problem !== undefined || !isChoiceType(question.type)) return problem;
  const offered = parseOptions(question.options);
  const unknown = (typeof given === 'string' ? [given.trim()] : given).find((option) => !offered.includes(option));
  return unknown === undefined ? undefined : `"${unknown}" is not one of its options`;
}

/** The first chosen option: a Select Option's answer, a Multi Select's first element (or first comma part). */
function firstChoice(answer: TSurveyAnswer): string | undefined {
  if (answer === undefined) return undefined;
  const first = typeof answer === 'string' ? answer.split(',')[0] : answer[0];
  const value = first?.trim();
  return value ? value : undefined;
}

/**
 * The rule an answer triggers: for Select and Multi Select the rule of the first chosen option; for the
 * other types (Text Input and Textarea above all) the question's rule without an option, whatever the answer.
 */
export function matchingRule<R extends TSurveyRule>(
  question: TSurveyQuestion,
  rules: readonly R[],
  answer: TSurveyAnswer,
): R | undefined {
  const own = rules.filter((r) => r.questionId === question.id);
  if (!isChoiceType(question.type)) return own.find((r) => r.optionTitle === null);
  const choice = firstChoice(answer);
  return choice === undefined ? undefined : own.find((r) => r.optionTitle?.trim() === choice);
}

/** The next active, shown question after the given qno, or the end (not a completed call) after the last. */
function nextAfter(
  questions: readonly TSurveyQuestion[],
  qno: string,
  includeSelf: boolean,
  shown: TShownTest,
): TSurveyStep {
  const n = qnoNumber(qno);
  const next = activeQuestions(questions).find(
    (q) => (includeSelf ? qnoNumber(q.qno) >= n : qnoNumber(q.qno) > n) && shown(q),
  );
  return next ? { kind: 'question', questionId: next.id } : { kind: 'end', isCalled: 0 };
}

/**
 * Where the answer to the current question leads. A matching rule's isCompletedCall (1 or 0) ends the
 * survey with that is_called and wins over its jump; otherwise its target is shown (an inactive target
 * is skipped to the next active question after it; a missing one counts as no rule). With no rule, the
 * next active question by qno; after the last, the end with is_called 0. A question `shown` says no to is skipped like
 * an inactive one, also when a rule jumps to it (the rule still wins over every question before its target).
 * Throws when currentQuestionId is not among the questions (a caller's bug, not a survey state).
 */
export function nextStep(
  questions: readonly TSurveyQuestion[],
  rules: readonly TSurveyRule[],
  currentQuestionId: number,
  answer: TSurveyAnswer,
  shown: TShownTest = everyQuestion,
): TSurveyStep {
  const current = questions.find((q) => q.id === currentQuestionId);
  if (!current) throw new RangeError(`Question ${currentQuestionId} is not part of this survey`);
  const rule = matchingRule(current, rules, answer);
  if (rule?.isCompletedCall === 1 || rule?.isCompletedCall === 0)
    return { kind: 'end', isCalled: rule.isCompletedCall };
  const target = rule?.questionNoToShow == null ? undefined : questions.find((q) => q.id === rule.questionNoToShow);
  if (target) return nextAfter(questions, target.qno, true, shown);
  return nextAfter(questions, current.qno, false, shown);
}

/** The answers worth trying to see every way a question can lead: each option, or any text for the others. */
function possibleAnswers(question: TSurveyQuestion): string[] {
  if (!isChoiceType(question.type)) return ['any answer'];
  const options = parseOptions(question.options);
  return options.length > 0 ? options : ['any answer'];
}

/** Strongly connected components (Tarjan), each in discovery order. */
function components(nodes: readonly number[], edges: ReadonlyMap<number, readonly number[]>): number[][] {
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const stack: number[] = [];
  const onStack = new Set<number>();
  const out: number[][] = [];
  let counter = 0;
  const visit = (v: number) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: number[] = [];
      let w: number | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      out.push(component);
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return out;
}

/**
 * The loops of questions from which the survey can never end, whatever the answers: each a list of
 * question ids in qno order (the lists ordered by their first question). Empty when every question can
 * still reach the end.
 */
export function findEndlessLoops(questions: readonly TSurveyQuestion[], rules: readonly TSurveyRule[]): number[][] {
  const active = activeQuestions(questions);
  const edges = new Map<number, number[]>();
  const canEnd = new Set<number>();
  for (const q of active) {
    const steps = possibleAnswers(q).map((a) => nextStep(questions, rules, q.id, a));
    if (steps.some((s) => s.kind === 'end')) canEnd.add(q.id);
    edges.set(q.id, [...new Set(steps.flatMap((s) => (s.kind === 'question' ? [s.questionId] : [])))]);
  }
  // Whoever can step to a question that can end can end too.
  for (let grew = true; grew;) {
    grew = false;
    for (const q of active) {
      if (!canEnd.has(q.id) && (edges.get(q.id) ?? []).some((w) => canEnd.has(w))) {
        canEnd.add(q.id);
        grew = true;
      }
    }
  }
  const stuck = active.filter((q) => !canEnd.has(q.id));
  const position = new Map(active.map((q, i) => [q.id, i]));
  const order = (ids: number[]) => [...ids].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
  return components(
    stuck.map((q) => q.id),
    edges,
  )
    .filter((c) => c.length > 1 || (c[0] !== undefined && (edges.get(c[0]) ?? []).includes(c[0])))
    .map(order)
    .sort((a, b) => (position.get(a[0] ?? 0) ?? 0) - (position.get(b[0] ?? 0) ?? 0));
}

type TQuestionLookup =
  ReadonlyMap<number, Pick<TSurveyQuestion, 'qno'>> | Readonly<Record<number, Pick<TSurveyQuestion, 'qno'>>>;

function lookUp(questionsById: TQuestionLookup, id: number): Pick<TSurveyQuestion, 'qno'> | undefined {
  return questionsById instanceof Map
    ? questionsById.get(id)
    : (questionsById as Readonly<Record<number, Pick<TSurveyQuestion, 'qno'>>>)[id];
}

/** A rule in words: 'Yes → Q5', 'No → end, completed call', 'No → end, not completed', 'Any answer → Q4'. */
export function describeRule(rule: TSurveyRule, questionsById: TQuestionLookup): string {
  const when = rule.optionTitle ?? 'Any answer';
  if (rule.isCompletedCall === 1) return `${when} → end, completed call`;
  if (rule.isCompletedCall === 0) return `${when} → end, not completed`;
  if (rule.questionNoToShow === null) return `${when} → next question`;
  const target = lookUp(questionsById, rule.questionNoToShow);
  return `${when} → ${target ? target.qno : 'a deleted question'}`;
}
