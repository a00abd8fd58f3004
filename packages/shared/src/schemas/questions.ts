// Survey questions (docs/product.md §3 Question, §5, §7 /questions, §8): the shape, add/update bodies, search and messages.
import { z } from 'zod';
import { zBooleanText } from './common.ts';
import { ZLogicRule } from './logic.ts';

export const QUESTION_TYPES = [
  'Select Option',
  'Multi Select Option',
  'Plain Text',
  'Text Input',
  'Number',
  'Email',
  'Textarea',
] as const;
export type TQuestionType = (typeof QUESTION_TYPES)[number];

export const OPTIONAL_VALUES = ['Respondent', 'Territory', 'Agent', 'Brand', 'Data Date'] as const;
export type TOptionalValue = (typeof OPTIONAL_VALUES)[number];

/** The types answered by choosing among options; only these have options (and rules per option). */
export const CHOICE_TYPES = ['Select Option', 'Multi Select Option'] as const satisfies readonly TQuestionType[];

export function isChoiceType(type: TQuestionType): boolean {
  return (CHOICE_TYPES as readonly TQuestionType[]).includes(type);
}

export const MAX_QUESTIONS_PER_SAVE = 100;
export const MAX_QUESTION_TITLE_LENGTH = 500;
export const MAX_OPTION_LENGTH = 200;

/** Spec §8 (saved, saveFailed) word for word; the rest are ours. */
export const QUESTION_MESSAGES = {
  saved: 'Questions saved successfully',
  saveFailed: 'Error saving questions',
  updated: 'Update successful!',
  updateFailed: 'Update failed!',
  deleted: 'Question deleted',
} as const;

/** 'Yes, No ,, Maybe' → ['Yes', 'No', 'Maybe']: trimmed, blanks dropped. */
export function parseOptions(options: string | null | undefined): string[] {
  return (options ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o.length > 0);
}

/** The API's comma-separated form of a list of options. */
export function joinOptions(options: readonly string[]): string {
  return options.join(', ');
}

/** 'Q12' → 12 (NaN for anything else), so Q2 sorts before Q10. */
export function qnoNumber(qno: string): number {
  const m = /^Q(\d+)$/i.exec(qno.trim());
  return m ? Number(m[1]) : Number.NaN;
}

export function formatQno(n: number): string {
  return `Q${n}`;
}

export const ZQuestion = z.object({
  id: z.number().int(),
  /** 'Q3': per campaign, only grows, never reused. */
  qno: z.string(),
  /** The campaign NAME, as the spec's campaignId. */
  campaignId: z.string(),
  title: z.string(),
  type: z.enum(QUESTION_TYPES),
  /** Comma-separated; '' when the question has none. */
  options: z.string(),
  optionalValue: z.enum(OPTIONAL_VALUES).nullable(),
  instruction: z.string().nullable(),
  /** true is Active; the survey skips inactive questions. */
  status: z.boolean(),
  createAt: z.string(),
});
export type TQuestion = z.infer<typeof ZQuestion>;

const title = z
  .string({ message: 'title is required' })
  .trim()
  .min(1, 'title is required')
  .max(MAX_QUESTION_TITLE_LENGTH, `title must be at most ${MAX_QUESTION_TITLE_LENGTH} characters`);

const type = z.enum(QUESTION_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === ''
      ? 'type is required'
      : `type must be one of: ${QUESTION_TYPES.join(', ')}`,
});

const options = z
  .string({ message: 'options must be comma-separated text' })
  .nullish()
  .transform((v) => v ?? '');

/** Blank (the form's "none") means null. */
const optionalValue = z
  .union([z.enum(OPTIONAL_VALUES), z.literal('')], {
    message: `optionalValue must be one of: ${OPTIONAL_VALUES.join(', ')}`,
  })
  .nullish()
  .transform((v) => (v ? v : null));

const instruction = z
  .string({ message: 'instruction must be text' })
  .trim()
  .max(2000, 'instruction must be at most 2000 characters')
  .nullish()
  .transform((v) => (v ? v : null));

/** The older edit form sent status as "true"/"false". */
const status = zBooleanText('status must be true or false');

/** What is wrong with a question's options for its type (messages name the field), or undefined. */
export function optionsProblem(questionType: TQuestionType, optionsText: string): string | undefined {
  const list = parseOptions(optionsText);
  if (!isChoiceType(questionType))
    return list.length > 0 ? `options are only for ${CHOICE_TYPES.join(' and ')} questions` : undefined;
  if (list.length < 2) return 'options need at least two choices';
  const seen = new Set<string>();
  for (const o of list) {
    if (o.length > MAX_OPTION_LENGTH) return `options must each be at most ${MAX_OPTION_LENGTH} characters`;
    const key = o.toLowerCase();
    if (seen.has(key)) return `options must not repeat "${o}"`;
    seen.add(key);
  }
  return undefined;
}

function checkOptions(value: { type: TQuestionType; options: string }, ctx: z.RefinementCtx) {
  const problem = optionsProblem(value.type, value.options);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['options'] });
}

/** Stored form of the options: trimmed, blanks dropped, joined with ', '. */
const normaliseOptions = <T extends { options: string }>(value: T): T => ({
  ...value,
  options: joinOptions(parseOptions(value.options)),
});

/** One row of POST /questions/add. Every message starts with the field it is about. */
export const ZNewQuestion = z
  .object(
    {
      campaignId: z
        .string({ message: 'campaignId (the campaign name) is required' })
        .trim()
        .min(1, 'campaignId (the campaign name) is required'),
      title,
      type,
      options,
      optionalValue,
      instruction,
    },
    { message: 'must be a question (an object)' },
  )
  .superRefine(checkOptions)
  .transform(normaliseOptions);
export type TNewQuestionInput = z.input<typeof ZNewQuestion>;
export type TNewQuestion = z.output<typeof ZNewQuestion>;

/**
 * The problems of a batch of new questions, each naming its row (1-based) and field, e.g.
 * 'Question 2: options need at least two choices'. Empty when every row is fine.
 */
export function newQuestionProblems(rows: readonly unknown[]): string[] {
  return rows.flatMap((row, i) => {
    const parsed = ZNewQuestion.safeParse(row);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `Question ${i + 1}: ${issue.message}`);
  });
}

/** POST /questions/add: validated row by row by the server (see newQuestionProblems) so messages name the row. */
export const ZNewQuestionsRequest = z
  .array(z.unknown(), { message: 'a list of questions is required' })
  .min(1, 'at least one question is required')
  .max(MAX_QUESTIONS_PER_SAVE, `at most ${MAX_QUESTIONS_PER_SAVE} questions at a time`);

/** PUT /questions/updateQuestion: qno and campaign are fixed. confirm: true also deletes the rules of removed options. */
export const ZUpdateQuestionRequest = z
  .object({
    id: z.number({ message: 'id is required' }).int().positive('id must be a positive number'),
    title,
    type,
    options,
    optionalValue,
    instruction,
    status,
    confirm: z.boolean({ message: 'confirm must be true or false' }).optional(),
  })
  .superRefine(checkOptions)
  .transform(normaliseOptions);
export type TUpdateQuestionInput = z.input<typeof ZUpdateQuestionRequest>;
export type TUpdateQuestion = z.output<typeof ZUpdateQuestionRequest>;

/** 409 of updateQuestion without confirm: the rules that use options the edit removes. */
export const ZRulesInUseReply = z.object({ message: z.string(), rules: z.array(ZLogicRule) });
export type TRulesInUseReply = z.infer<typeof ZRulesInUseReply>;

export function rulesInUseMessage(removedOptions: readonly string[]): string {
  return `These rules use options you removed: ${removedOptions.join(', ')}`;
}

export const ZQuestionIdParams = z.object({
  id: z.coerce.number().int().positive('id must be a positive whole number'),
});
export const ZQuestionCampaignParams = z.object({ campaignName: z.string().trim().min(1, 'campaignName is required') });

/** GET /questions/deleteImpact/{id}: how many rules the delete takes with it (its own and those jumping to it). */
export const ZQuestionDeleteImpact = z.object({
  rules: z.number().int(),
  /** The "show only if" conditions that use the question ('Q7 (show only if Q3 is "Yes")'): while any do, it cannot be deleted. */
  conditions: z.array(z.string()).default([]),
});
export type TQuestionDeleteImpact = z.infer<typeof ZQuestionDeleteImpact>;

/** DELETE /questions/deleteQuestion/{id}. */
export const ZDeletedQuestion = z.object({ deletedRules: z.number().int() });
export type TDeletedQuestion = z.infer<typeof ZDeletedQuestion>;

/**
 * GET /questions/searchQuestion: a question matches when ANY given criterion does, each a case-insensitive
 * "contains" (campaign name, title, type, options, optional value, instruction); status takes
 * active/inactive/true/false.
 */
export const ZQuestionSearchQuery = z.object({
  campaignId: z.string().optional(),
  title: z.string().optional(),
  type: z.string().optional(),
  options: z.string().optional(),
  optionalValue: z.string().optional(),
  instruction: z.string().optional(),
  status: z.string().optional(),
});
export type TQuestionSearchQuery = z.infer<typeof ZQuestionSearchQuery>;

/** The one search box of the question list sends its term as every criterion. */
export function questionSearchQuery(term: string): TQuestionSearchQuery {
  const value = term.trim();
  return {
    campaignId: value,
    title: value,
    type: value,
    options: value,
    optionalValue: value,
    instruction: value,
    status: value,
  };
}
