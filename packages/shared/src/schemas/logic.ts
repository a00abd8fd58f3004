// Logic rules (docs/product.md §3 Logic rule, §7 /api/logic): the rule shape, the setLogics/updateLogic bodies and their queries.
import { z } from 'zod';
import { zNumberText } from './common.ts';

const COMPLETED_MESSAGE = 'isCompletedCall must be 0, 1 or null';
/** 1 ends the survey as a completed call, 0 as a not-completed one; null is a plain jump. */
export const ZIsCompletedCall = z.union([z.literal(0), z.literal(1)], { message: COMPLETED_MESSAGE }).nullable();
export type TIsCompletedCall = z.infer<typeof ZIsCompletedCall>;

export const ZLogicRule = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  /** The campaign NAME, as the spec's campaignId. */
  campaignId: z.string(),
  /** The option the rule is for; null for a rule of the whole question (Text Input, Textarea and other unoptioned types). */
  optionTitle: z.string().nullable(),
  /** The id (not the qno) of the question to jump to. */
  questionNoToShow: z.number().int().nullable(),
  isCompletedCall: ZIsCompletedCall,
});
export type TLogicRule = z.infer<typeof ZLogicRule>;

const questionId = z
  .number({ message: 'questionId is required' })
  .int('questionId must be a whole number')
  .positive('questionId must be a positive number');

const TARGET_MESSAGE = 'questionNoToShow must be a question id or null';

/**
 * One row of the Set/Update Logic form. A row with neither questionNoToShow nor isCompletedCall is the
 * form's "none" choice and is simply not stored. campaignId is accepted for the older clients and
 * ignored: a rule always belongs to its question's campaign.
 * The older client sends every row of its form, untouched ones included, with its selects' text values:
 * questionNoToShow '' or '12', isCompletedCall '', '0' or '1'. Blank text is "none" (null), numeric text
 * the number; any other text is refused naming the field.
 */
export const ZNewLogicRule = z.object({
  questionId,
  campaignId: z.string().nullish(),
  /** Blank means "no option" (null). */
  optionTitle: z
    .string({ message: 'optionTitle must be text or null' })
    .trim()
    .max(500, 'optionTitle must be at most 500 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  questionNoToShow: zNumberText(z.number().int(TARGET_MESSAGE).positive(TARGET_MESSAGE).nullable(), TARGET_MESSAGE)
    .optional()
    .transform((v) => v ?? null),
  isCompletedCall: zNumberText(ZIsCompletedCall, COMPLETED_MESSAGE)
    .optional()
    .transform((v) => v ?? null),
});
/** What a client sends (optional fields may be left out). */
export type TNewLogicRuleInput = z.input<typeof ZNewLogicRule>;
export type TNewLogicRule = z.output<typeof ZNewLogicRule>;

export const MAX_RULES_PER_QUESTION = 200;

const ruleList = z
  .array(ZNewLogicRule, { message: 'a list of logic rules is required' })
  .max(MAX_RULES_PER_QUESTION, `at most ${MAX_RULES_PER_QUESTION} rules per question`);

/** POST /api/logic/setLogics: the rules of ONE question that has none yet. */
export const ZSetLogicsRequest = ruleList.min(1, 'at least one logic rule is required');
export type TSetLogicsRequest = z.input<typeof ZSetLogicsRequest>;

/**
 * PUT /api/logic/updateLogic: `{questionId, rules}` (rules may be empty: the question then has none),
 * or, as the older client sends it, a bare non-empty list of one question's rules (read as the first
 * rule's question).
 */
export const ZUpdateLogicRequest = z.preprocess(
  (body) => {
    if (!Array.isArray(body)) return body;
    // Not an object, so it fails with the message below.
    if (body.length === 0) return 'an empty list';
    const first: unknown = body[0];
    const id = typeof first === 'object' && first !== null && 'questionId' in first ? first.questionId : undefined;
    return { questionId: id, rules: body };
  },
  z.object({ questionId, rules: ruleList }, { message: 'send {questionId, rules} or a non-empty list of logic rules' }),
);
export type TUpdateLogicRequest = { questionId: number; rules: TNewLogicRuleInput[] } | TNewLogicRuleInput[];

/** ?id=<questionId> of isLogicExist and clearLogic. */
export const ZLogicIdQuery = z.object({
  id: z.coerce.number({ message: 'id is required' }).int().positive('id must be a question id'),
});
/** ?questionId= of GET /api/logic. */
export const ZLogicQuestionQuery = z.object({
  questionId: z.coerce.number({ message: 'questionId is required' }).int().positive('questionId must be a question id'),
});
/** ?campaignName= of getAllCampaignLogic. */
export const ZLogicCampaignQuery = z.object({
  campaignName: z.string({ message: 'campaignName is required' }).trim().min(1, 'campaignName is required'),
});

/** DELETE /api/logic/clearLogic. */
export const ZClearedLogic = z.object({ deleted: z.number().int() });
export type TClearedLogic = z.infer<typeof ZClearedLogic>;

/** Messages of the logic screens (the spec names none; these are ours). */
export const LOGIC_MESSAGES = {
  saved: 'Logic saved successfully',
  updated: 'Logic updated successfully',
  cleared: 'Logic cleared',
  saveFailed: 'Error saving logic',
  endlessLoop: 'These questions jump to each other and the survey can never end:',
} as const;
