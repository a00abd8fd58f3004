// "Show only if" conditions of a survey question (issue 22): comparisons over earlier answers and lead fields, joined by
// AND / OR, with one level of grouping. The rules are in domain/survey-conditions.ts.
import { z } from 'zod';
import { ZLogicRule } from './logic.ts';
import { ZQuestion } from './questions.ts';

/** is / is not / any of (text and choices), greater / less than (Number questions), answered / not answered. */
export const CONDITION_OPERATORS = ['is', 'isNot', 'anyOf', 'gt', 'lt', 'answered', 'notAnswered'] as const;
export type TConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** What a comparison looks at: an earlier question's answer (by question id), or a lead field (by column name). */
export const ZConditionSubject = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('answer'), questionId: z.number().int().positive() }),
  z.object({ kind: z.literal('field'), name: z.string().trim().min(1, 'the lead field is required').max(200) }),
]);
export type TConditionSubject = z.infer<typeof ZConditionSubject>;

const text = z.string().trim().min(1, 'the value is required').max(200);

/** One comparison; the value's shape follows the operator. */
export const ZComparison = z.discriminatedUnion('operator', [
  z.object({ subject: ZConditionSubject, operator: z.enum(['is', 'isNot']), value: text }),
  z.object({
    subject: ZConditionSubject,
    operator: z.literal('anyOf'),
    values: z.array(text).min(1, 'choose at least one value').max(50),
  }),
  z.object({ subject: ZConditionSubject, operator: z.enum(['gt', 'lt']), number: z.number().finite() }),
  z.object({ subject: ZConditionSubject, operator: z.enum(['answered', 'notAnswered']) }),
]);
export type TComparison = z.infer<typeof ZComparison>;

export const CONDITION_JOINS = ['and', 'or'] as const;
export type TConditionJoin = (typeof CONDITION_JOINS)[number];

/** A bracketed group of comparisons inside a condition. */
export const ZConditionGroup = z.object({ join: z.enum(CONDITION_JOINS), items: z.array(ZComparison).min(1).max(20) });
export type TConditionGroup = z.infer<typeof ZConditionGroup>;

/** A question's "show only if": comparisons and groups of them, all joined the same way. */
export const ZShowIf = z.object({
  join: z.enum(CONDITION_JOINS),
  items: z
    .array(z.union([ZComparison, ZConditionGroup]))
    .min(1)
    .max(20),
});
export type TShowIf = z.infer<typeof ZShowIf>;

/** A question's condition as the lists show it (GET /api/logic/conditions?campaignName=). */
export const ZQuestionCondition = z.object({
  questionId: z.number().int(),
  qno: z.string(),
  showIf: ZShowIf,
  /** The condition in words: 'Q2 is "Yes" and (region is "Dhaka" or Q3 is greater than 5)'. */
  words: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type TQuestionCondition = z.infer<typeof ZQuestionCondition>;

export const ZConditionsQuery = z.object({
  campaignName: z.string({ message: 'campaignName is required' }).trim().min(1, 'campaignName is required').max(200),
});
export const ZConditionParams = z.object({ questionId: z.coerce.number().int().positive() });
/** PUT /api/logic/conditions/{questionId}: the question's condition; null removes it. */
export const ZSetCondition = z.object({ showIf: ZShowIf.nullable() });
export type TSetCondition = z.infer<typeof ZSetCondition>;

/** 409 of deleting a question that conditions use. */
export function questionUsedByConditions(qno: string, conditions: readonly string[]): string {
  return `${qno} is used by the condition of ${conditions.join('; ')}: change or remove ${conditions.length === 1 ? 'that condition' : 'those conditions'} first.`;
}

/**
 * GET /api/logic/survey?campaignName=: a campaign's whole survey as the agent's screen runs it (issue 35): its
 * questions in qno order (inactive ones included, as getToSetLogic), its logic rules and its "show only if" conditions,
 * with the survey version they are of. The lookup reply names the version it was made with (`surveyVersion`), so a
 * screen fetches this once per sign-in and again only when a version differs.
 */
export const ZVersionedSurvey = z.object({
  campaignName: z.string(),
  version: z.number().int(),
  questions: z.array(ZQuestion),
  rules: z.array(ZLogicRule),
  conditions: z.array(ZQuestionCondition),
});
export type TVersionedSurvey = z.infer<typeof ZVersionedSurvey>;
