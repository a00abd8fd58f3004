// Scorecards an admin builds (docs/scorecards.md): sections of criteria with scales, N/A, auto-fail, comments, grade
// bands and a pass mark; versions draft → published → retired; the campaign's choice; marks of a record; what-if.
import { z } from 'zod';
import { isIsoDate } from '../domain/dates.ts';
import { noControlChars } from './common.ts';

export const SCORECARD_STATES = ['draft', 'published', 'retired'] as const;
export type TScorecardState = (typeof SCORECARD_STATES)[number];
export const SCORING_MODES = ['points', 'weighted'] as const;
export type TScoringMode = (typeof SCORING_MODES)[number];
/** What an auto-fail choice does to the evaluation: its total becomes 0, or it keeps its total and gets the lowest grade. */
export const AUTO_FAIL_RESULTS = ['zeroTotal', 'failGrade'] as const;
export type TAutoFailResult = (typeof AUTO_FAIL_RESULTS)[number];

export const SCORECARD_LIMITS = {
  minChoices: 2,
  maxChoices: 11,
  /** Keyboard scoring picks choices 1 to 9; a 10th and 11th choice are picked by pointer. */
  keyboardChoices: 9,
  criteria: 100,
  sections: 20,
  gradeBands: 10,
  tags: 10,
  name: 120,
  question: 1000,
  guidance: 2000,
  label: 60,
  comment: 2000,
  marks: 1000,
} as const;

/** The built-in "Standard" scorecard's version id: the spec's 14 criteria (migration 0031). */
export const STANDARD_SCORECARD_ID = 1;
/** The tag the automatic checks' hold hint looks for (docs/scorecards.md, Tags). */
export const HOLD_TAG = 'hold';

export const SCORECARD_MESSAGES = {
  publishedCannotChange: 'A published scorecard cannot change; edit a new version',
  retiredCannotChange: 'A retired scorecard cannot change; edit a new version',
  noChange: (name: string, version: number) =>
    `Version ${version} of "${name}" is the same as the published one: change something before publishing`,
  alreadyPublished: 'This version is already published',
  onlyDraftsPublish: 'Only a draft can be published',
  draftExists: (name: string, version: number) => `"${name}" already has a draft (version ${version}): edit that one`,
  inUse: (campaigns: string) => `This version is in use by ${campaigns}: give those campaigns another scorecard first`,
  builtInStays: 'The built-in "Standard" scorecard is every campaign\'s default and cannot be retired',
  alreadyRetired: 'This version is already retired',
  notPublished: (field: string, id: number) => `${field}: scorecard version ${id} is not published`,
  noSuchScorecard: (id: number) => `No scorecard with id ${id}`,
  published: 'Scorecard published',
  retired: 'Scorecard retired',
  saved: 'Scorecard saved',
  imported: 'Scorecard imported as a draft',
  campaignSaved: 'Campaign scorecards saved',
  notCampaignVersion: (id: number, campaign: string, kind: string, current: number) =>
    `Scorecard version ${id} is not the one campaign "${campaign}" uses for ${kind} QC (version ${current})`,
  notRecordVersion: (id: number, recordVersion: number) =>
    `This record was scored on scorecard version ${recordVersion}, not ${id}: an edit keeps the record's version`,
} as const;

const trimmed = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(max, `${field} can be at most ${max} characters`)
    .refine(noControlChars, `${field} cannot contain control characters`);
const required = (field: string, max: number) => trimmed(field, max).pipe(z.string().min(1, `${field} is required`));

/** Marks: a finite number with at most two decimals, negative allowed (today's "Poor objection" −20, Fatal −100). */
const zMarksValue = (field: string) =>
  z
    .number({ message: `${field} must be a number` })
    .finite(`${field} must be a number`)
    .min(-SCORECARD_LIMITS.marks, `${field} must be between −${SCORECARD_LIMITS.marks} and ${SCORECARD_LIMITS.marks}`)
    .max(SCORECARD_LIMITS.marks, `${field} must be between −${SCORECARD_LIMITS.marks} and ${SCORECARD_LIMITS.marks}`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${field} can have at most two decimals`);

export const ZScorecardChoice = z.object({
  label: required('A choice label', SCORECARD_LIMITS.label),
  marks: zMarksValue("A choice's marks"),
});
export type TScorecardChoice = z.output<typeof ZScorecardChoice>;

export const CRITERION_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;

export const ZScorecardCriterion = z
  .object({
    /** Stable across versions: what-if, insights and disputes match criteria of different versions by it. */
    key: z
      .string({ message: 'A criterion key is required' })
      .trim()
      .regex(CRITERION_KEY_PATTERN, 'A criterion key is a letter then letters, digits or _ (at most 60)'),
    name: required('A criterion name', SCORECARD_LIMITS.name),
    question: required('A criterion question', SCORECARD_LIMITS.question),
    guidance: trimmed('Guidance', SCORECARD_LIMITS.guidance)
      .nullish()
      .transform((v) => v ?? ''),
    choices: z
      .array(ZScorecardChoice, { message: 'choices must be a list' })
      .min(
        SCORECARD_LIMITS.minChoices,
        `A scale needs ${SCORECARD_LIMITS.minChoices} to ${SCORECARD_LIMITS.maxChoices} choices`,
      )
      .max(
        SCORECARD_LIMITS.maxChoices,
        `A scale needs ${SCORECARD_LIMITS.minChoices} to ${SCORECARD_LIMITS.maxChoices} choices`,
      ),
    allowNa: z.boolean().default(false),
    autoFailChoice: trimmed('autoFailChoice', SCORECARD_LIMITS.label)
      .nullish()
      .transform((v) => (v ? v : null)),
    commentRequired: z.boolean().default(false),
    tags: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[a-z][a-z0-9-]{0,29}$/, 'A tag is lower-case letters, digits and - (at most 30)'),
      )
      .max(SCORECARD_LIMITS.tags)
      .nullish()
      .transform((v) => [...new Set(v ?? [])]),
  })
  .superRefine((c, ctx) => {
    const seen = new Set<string>();
    for (const choice of c.choices) {
      const label = choice.label.toLowerCase();
      if (seen.has(label))
        ctx.addIssue({
          code: 'custom',
          path: ['choices'],
          message: `${c.name}: the choice "${choice.label}" is there twice`,
        });
      seen.add(label);
    }
    if (c.autoFailChoice !== null && !c.choices.some((ch) => ch.label === c.autoFailChoice))
      ctx.addIssue({
        code: 'custom',
        path: ['autoFailChoice'],
        message: `${c.name}: the auto-fail choice "${c.autoFailChoice}" is not one of its choices`,
      });
  });
export type TScorecardCriterion = z.output<typeof ZScorecardCriterion>;
export type TScorecardCriterionInput = z.input<typeof ZScorecardCriterion>;

export const ZScorecardSection = z.object({
  name: required('A section name', SCORECARD_LIMITS.name),
  /** Weighted scorecards only: the section's share of 100. */
  weight: z
    .number({ message: 'A section weight must be a number' })
    .finite()
    .min(0)
    .max(100)
    .nullish()
    .transform((v) => v ?? null),
  criteria: z.array(ZScorecardCriterion, { message: 'criteria must be a list' }),
});
export type TScorecardSection = z.output<typeof ZScorecardSection>;

export const ZGradeBand = z.object({
  name: required('A grade name', SCORECARD_LIMITS.name),
  /** The band's lower bound on the total; the lowest band also takes every total below it. */
  from: z.number({ message: "A grade band's lower bound must be a number" }).finite().min(-10_000).max(10_000),
});
export type TGradeBand = z.output<typeof ZGradeBand>;

/** Today's four bands (docs/product.md §9), every new scorecard's default. */
export const DEFAULT_GRADE_BANDS: readonly TGradeBand[] = [
  { name: 'Exceed Expectation', from: 90 },
  { name: 'Meet Expectation', from: 80 },
  { name: 'Average Expectation', from: 70 },
  { name: 'Below Expectation', from: 0 },
];

const definitionShape = {
  name: required('name', SCORECARD_LIMITS.name),
  description: trimmed('description', SCORECARD_LIMITS.guidance)
    .nullish()
    .transform((v) => v ?? ''),
  scoringMode: z.enum(SCORING_MODES, { message: "scoringMode must be 'points' or 'weighted'" }),
  passMark: z.number({ message: 'passMark must be a number' }).finite().min(-10_000).max(10_000),
  autoFailResult: z
    .enum(AUTO_FAIL_RESULTS, { message: "autoFailResult must be 'zeroTotal' or 'failGrade'" })
    .default('zeroTotal'),
  gradeBands: z
    .array(ZGradeBand)
    .min(1, 'A scorecard needs at least one grade band')
    .max(SCORECARD_LIMITS.gradeBands, `A scorecard has at most ${SCORECARD_LIMITS.gradeBands} grade bands`)
    .default(() => DEFAULT_GRADE_BANDS.map((b) => ({ ...b }))),
  sections: z
    .array(ZScorecardSection, { message: 'sections must be a list' })
    .max(SCORECARD_LIMITS.sections, `A scorecard has at most ${SCORECARD_LIMITS.sections} sections`),
};

type TDefinitionShape = z.output<z.ZodObject<typeof definitionShape>>;

/** The whole-scorecard rules a field alone cannot check; the same words in the browser and the server. */
export function scorecardProblems(d: TDefinitionShape): string[] {
  const problems: string[] = [];
  const criteria = d.sections.flatMap((s) => s.criteria);
  if (criteria.length === 0) problems.push('A scorecard needs at least one criterion');
  if (criteria.length > SCORECARD_LIMITS.criteria)
    problems.push(`A scorecard has at most ${SCORECARD_LIMITS.criteria} criteria`);
  for (const s of d.sections) if (s.criteria.length === 0) problems.push(`Section "${s.name}" has no criteria`);
  const sectionNames = new Set<string>();
  for (const s of d.sections) {
    if (sectionNames.has(s.name.toLowerCase())) problems.push(`The section "${s.name}" is there twice`);
    sectionNames.add(s.name.toLowerCase());
  }
  const keys = new Set<string>();
  for (const c of criteria) {
    if (keys.has(c.key.toLowerCase())) problems.push(`The criterion key "${c.key}" is there twice`);
    keys.add(c.key.toLowerCase());
  }
  const best = (cs: readonly TScorecardCriterion[]) =>
    cs.reduce((sum, c) => sum + Math.max(...c.choices.map((ch) => ch.marks)), 0);
  if (d.scoringMode === 'weighted') {
    for (const s of d.sections) {
      if (s.weight === null || s.weight <= 0) problems.push(`Section "${s.name}" needs a weight above 0`);
      else if (s.criteria.length > 0 && best(s.criteria) <= 0)
        problems.push(`Section "${s.name}": its criteria's best marks must add up to more than 0`);
    }
    const sum = d.sections.reduce((total, s) => total + (s.weight ?? 0), 0);
    if (Math.abs(sum - 100) > 1e-6) problems.push(`The section weights add up to ${round2(sum)}, not 100`);
  } else if (criteria.length > 0 && best(criteria) <= 0) {
    problems.push("The criteria's best marks must add up to more than 0");
  }
  const bandNames = new Set<string>();
  const bandFroms = new Set<number>();
  for (const b of d.gradeBands) {
    if (bandNames.has(b.name.toLowerCase())) problems.push(`The grade "${b.name}" is there twice`);
    if (bandFroms.has(b.from)) problems.push(`Two grade bands start at ${b.from}`);
    bandNames.add(b.name.toLowerCase());
    bandFroms.add(b.from);
  }
  return problems;
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/** A scorecard's content: what POST creates, PUT replaces, export writes and import reads. */
export const ZScorecardDefinition = z.object(definitionShape).superRefine((d, ctx) => {
  for (const message of scorecardProblems(d)) ctx.addIssue({ code: 'custom', message });
});
export type TScorecardDefinition = z.output<typeof ZScorecardDefinition>;
export type TScorecardDefinitionInput = z.input<typeof ZScorecardDefinition>;

const zId = (field: string) =>
  z.coerce
    .number({ message: `${field} must be a scorecard id` })
    .int(`${field} must be a scorecard id`)
    .positive(`${field} must be a scorecard id`)
    .max(2_147_483_647, `${field} must be a scorecard id`);

export const ZScorecardIdParams = z.object({ id: zId('id') });

/**
 * POST /api/scorecards: a new scorecard's first draft; with `copyOf` a new draft version of that version's scorecard,
 * its content the body's or, when only `copyOf` is sent, the copied version's.
 */
export const ZScorecardCreate = z.union([
  z.object({ copyOf: zId('copyOf') }).strict(),
  z.object({ ...definitionShape, copyOf: zId('copyOf').optional() }).superRefine((d, ctx) => {
    for (const message of scorecardProblems(d)) ctx.addIssue({ code: 'custom', message });
  }),
]);
export type TScorecardCreate = z.output<typeof ZScorecardCreate>;

export const ZScorecardUse = z.object({
  campaignName: z.string(),
  kind: z.enum(['in-house', 'client']),
});

/** One version of a scorecard, as GET /api/scorecards/{id} answers it. */
export const ZScorecard = z.object({
  ...definitionShape,
  sections: z.array(ZScorecardSection),
  id: z.number().int(),
  /** The scorecard every version belongs to (the id of its first version). */
  scorecardId: z.number().int(),
  version: z.number().int(),
  state: z.enum(SCORECARD_STATES),
  builtIn: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string(),
  publishedAt: z.string().nullable(),
  retiredAt: z.string().nullable(),
  /** The campaigns whose in-house or client QC uses this version now. */
  usedBy: z.array(ZScorecardUse),
  /** QC records scored on this version. */
  records: z.number().int(),
});
export type TScorecard = z.output<typeof ZScorecard>;

export const ZScorecardVersionSummary = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  state: z.enum(SCORECARD_STATES),
  scoringMode: z.enum(SCORING_MODES),
  criteria: z.number().int(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  retiredAt: z.string().nullable(),
  usedBy: z.array(ZScorecardUse),
  records: z.number().int(),
});
export type TScorecardVersionSummary = z.output<typeof ZScorecardVersionSummary>;

/** GET /api/scorecards: every scorecard with its versions, newest version first. */
export const ZScorecardList = z.object({
  scorecards: z.array(
    z.object({
      scorecardId: z.number().int(),
      name: z.string(),
      builtIn: z.boolean(),
      versions: z.array(ZScorecardVersionSummary),
    }),
  ),
});
export type TScorecardList = z.output<typeof ZScorecardList>;

/** GET /api/scorecards/{id}/export and POST /api/scorecards/import: the scorecard's content in a versioned envelope. */
export const SCORECARD_FILE_FORMAT = 'calldesk-scorecard';
export const ZScorecardFile = z.object({
  format: z.literal(SCORECARD_FILE_FORMAT, { message: `format must be "${SCORECARD_FILE_FORMAT}"` }),
  formatVersion: z.literal(1, { message: 'formatVersion must be 1' }),
  scorecard: ZScorecardDefinition,
});
export type TScorecardFile = z.output<typeof ZScorecardFile>;

const isoDate = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .refine(isIsoDate, `${field} must be a date written yyyy-MM-dd`);

/** POST /api/scorecards/{id}/what-if: a campaign's records of a period scored again under this version; nothing stored. */
export const ZScorecardWhatIfRequest = z
  .object({
    campaignName: z.string({ message: 'campaignName is required' }).trim().min(1, 'campaignName is required').max(200),
    from: isoDate('from'),
    to: isoDate('to'),
  })
  .refine((r) => r.from <= r.to, { message: 'from must not be after to', path: ['from'] });
export type TScorecardWhatIfRequest = z.output<typeof ZScorecardWhatIfRequest>;

export const ZScorecardFigures = z.object({
  averageTotal: z.number().nullable(),
  /** Share of records that pass, 0 to 1. */
  passRate: z.number().nullable(),
  grades: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type TScorecardFigures = z.output<typeof ZScorecardFigures>;

export const ZScorecardWhatIf = z.object({
  campaignName: z.string(),
  from: z.string(),
  to: z.string(),
  records: z.number().int(),
  /** How each criterion of this version was found in the records: by key, or not at all (scored at its best, or N/A where allowed). */
  criteria: z.array(z.object({ key: z.string(), name: z.string(), mapped: z.number().int() })),
  before: ZScorecardFigures,
  after: ZScorecardFigures,
  /** Records whose grade changes, the largest moves first (at most 50). */
  moves: z.array(
    z.object({
      recordId: z.number().int(),
      kind: z.enum(['in-house', 'client']),
      agentId: z.string(),
      callDate: z.string(),
      before: z.object({ total: z.number(), grade: z.string() }),
      after: z.object({ total: z.number(), grade: z.string() }),
    }),
  ),
});
export type TScorecardWhatIf = z.output<typeof ZScorecardWhatIf>;

export const ZCampaignScorecardsQuery = z.object({
  campaignName: z.string({ message: 'campaignName is required' }).trim().min(1, 'campaignName is required').max(200),
});
const ZScorecardRef = z.object({
  id: z.number().int(),
  scorecardId: z.number().int(),
  name: z.string(),
  version: z.number().int(),
});
export const ZCampaignScorecards = z.object({
  campaignName: z.string(),
  inHouse: ZScorecardRef,
  client: ZScorecardRef,
});
export type TCampaignScorecards = z.output<typeof ZCampaignScorecards>;
export const ZCampaignScorecardsUpdate = z.object({
  campaignName: z.string({ message: 'campaignName is required' }).trim().min(1, 'campaignName is required').max(200),
  inHouse: zId('inHouse'),
  client: zId('client'),
});
export type TCampaignScorecardsUpdate = z.output<typeof ZCampaignScorecardsUpdate>;

/** One criterion's mark in a save: the chosen label, or null for N/A; a comment where wanted or required. */
export const ZScorecardMark = z.object({
  key: z.string({ message: 'A mark needs the criterion key' }).trim().min(1).max(60),
  choice: z.string({ message: 'choice must be a label or null (N/A)' }).trim().max(SCORECARD_LIMITS.label).nullable(),
  comment: trimmed('comment', SCORECARD_LIMITS.comment)
    .nullish()
    .transform((v) => v ?? ''),
});
export type TScorecardMark = z.output<typeof ZScorecardMark>;

/** A QC record's `scorecard` in POST add / addforclient and the edits: the version and every criterion's mark. */
export const ZScorecardMarks = z.object({
  id: zId('scorecard.id'),
  marks: z.array(ZScorecardMark).max(SCORECARD_LIMITS.criteria),
});
export type TScorecardMarks = z.output<typeof ZScorecardMarks>;

/** A scored criterion as a record answers it. */
export const ZScoredCriterion = z.object({
  key: z.string(),
  section: z.string(),
  name: z.string(),
  question: z.string(),
  choice: z.string().nullable(),
  /** null: N/A. */
  marks: z.number().nullable(),
  bestMarks: z.number(),
  comment: z.string(),
  autoFailed: z.boolean(),
});
export type TScoredCriterion = z.output<typeof ZScoredCriterion>;

/** The `scorecard` block of a QC record: its version and each criterion's choice, marks and comment. */
export const ZScorecardBlock = z.object({
  id: z.number().int(),
  scorecardId: z.number().int(),
  name: z.string(),
  version: z.number().int(),
  scoringMode: z.enum(SCORING_MODES),
  total: z.number(),
  grade: z.string(),
  passed: z.boolean(),
  autoFailed: z.boolean(),
  points: z.number(),
  maxPoints: z.number(),
  criteria: z.array(ZScoredCriterion),
});
export type TScorecardBlock = z.output<typeof ZScorecardBlock>;

/** A record's marks as stored (qc_records.marks): criterion key → choice, marks (null: N/A) and comment. */
export const ZStoredMarks = z.record(
  z.string(),
  z.object({ choice: z.string().nullable(), marks: z.number().nullable(), comment: z.string().default('') }),
);
export type TStoredMarks = z.output<typeof ZStoredMarks>;
