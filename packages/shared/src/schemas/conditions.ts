// "Show only if" conditions of a survey question (issue 22): comparisons over earlier answers and lead fields, joined by
// AND / OR, with one level of grouping. The rules are in domain/survey-conditions.ts.
import { z } from 'zod';

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
  z.object({ subject: ZConditionSubject, operator: z.literal('anyOf'), values: z.array(text).min(1, 'choose at least one value').max(50) }),
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
export const ZShowIf = z.object({ join: z.enum(CONDITION_JOINS), items: z.array(z.union([ZComparison, ZConditionGroup])).min(1).max(20) });
export type TShowIf = z.infer<typeof ZShowIf>;
