// The reply schemas of the scorecard routes. The contract's ZScorecard and ZScorecardFile read a definition with
// transforms (defaults of guidance, tags, autoFailChoice), which the reply serializer cannot run backwards
// (fastify-type-provider-zod encodes replies); these are the same shapes as their output, checked without transforms.
import { z } from 'zod';
import { AUTO_FAIL_RESULTS, SCORING_MODES, ZScorecard, ZScorecardFile } from '@crm/shared';

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
