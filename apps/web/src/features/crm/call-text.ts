// The question texts as the agent reads them in a call (lead fields in the text): filled from the lead and the answers
// given so far in this call, through the shared engine, so the screen says what the lookup reply's survey says.
import {
  fillQuestionText,
  fillSurveyText,
  isChoiceType,
  type TFilledQuestionText,
  type TFillSource,
  type TLead,
  type TQuestion,
} from '@crm/shared';
import { storedAnswerText, type TRunAnswer, type TSurveyRun } from './survey-run.ts';

/** The lead's values and this call's answers by qno: those of the questions on the path (the one on screen included). */
export function callFillSource(
  lead: TLead,
  byId: ReadonlyMap<number, Pick<TQuestion, 'qno'>>,
  run: TSurveyRun | undefined,
): TFillSource {
  const answers: Record<string, TRunAnswer> = {};
  for (const id of run?.path ?? []) {
    const qno = byId.get(id)?.qno;
    const answer = run?.answers[id];
    if (qno !== undefined && answer !== undefined) answers[qno] = answer;
  }
  return { lead, answers };
}

/** The question's title, options and instruction as the agent reads them now. */
export function callQuestionText(question: TQuestion, source: TFillSource): TFilledQuestionText {
  return fillQuestionText(question, source);
}

/**
 * An answer as the screen lists it: a chosen option with its lead fields filled in, as its label showed it (what is
 * typed is shown as typed); null when there is none.
 */
export function shownAnswerText(
  question: Pick<TQuestion, 'type'>,
  answer: TRunAnswer | undefined,
  lead: TLead,
): string | null {
  if (answer === undefined || !isChoiceType(question.type)) return storedAnswerText(question.type, answer);
  const fill = (option: string) => fillSurveyText(option, { lead });
  return storedAnswerText(question.type, typeof answer === 'string' ? fill(answer) : answer.map(fill));
}
