// Where the scorecard routes cannot use the contract's schemas as they are. Replies: ZScorecard and ZScorecardFile read
// a definition with transforms (defaults of guidance, tags, autoFailChoice), which the reply serializer cannot run
// backwards (fastify-type-provider-zod encodes replies); these are the same shapes as their output, without transforms.
// The create body: ZScorecardCreate is a union, whose refusal would say only "Invalid input".
import { z } from 'zod';
import { AUTO_FAIL_RESULTS, SCORING_MODES, ZScorecard, ZScorecardCreate, ZScorecardFile } from '@crm/shared';

const [ZCopyOnly, ZWithContent] = ZScorecardCreate.options;
const isCopyOnly = (v: unknown) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).every((k) => k === 'copyOf');

/** ZScorecardCreate, its refusal giving the reasons of the branch the body is meant for: `{copyOf}` alone or content. */
export const ZScorecardCreateBody = z.unknown().transform((v, ctx) => {
  const parsed = isCopyOnly(v) ? ZCopyOnly.safeParse(v) : ZWithContent.safeParse(v);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

const ZCriterionReply = z.object({
  key: z.string(),
  name: z.string(),
  question: z.string(),
  guidance: z.string(),
  choices: z.array(z.object({ label: z.string(), marks: z.number() })),
  allowNa: z.boolean(),
  autoFailChoice: z.string().nullable(),
  commentRequired: z.boolean(),
  tags: z.array(z.string()),
});

const definitionReply = {
  name: z.string(),
  description: z.string(),
  scoringMode: z.enum(SCORING_MODES),
  passMark: z.number(),
  autoFailResult: z.enum(AUTO_FAIL_RESULTS),
  gradeBands: z.array(z.object({ name: z.string(), from: z.number() })),
  sections: z.array(z.object({ name: z.string(), weight: z.number().nullable(), criteria: z.array(ZCriterionReply) })),
};

/** ZScorecard as a reply. */
export const ZScorecardReply = ZScorecard.extend(definitionReply);
/** ZScorecardFile as a reply. */
export const ZScorecardFileReply = ZScorecardFile.extend({ scorecard: z.object(definitionReply) });
