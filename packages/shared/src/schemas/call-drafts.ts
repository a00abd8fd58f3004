// The agent's calls on the CRM screen: the call in progress kept as a draft (per caller and lead), and the idle
// screen's lists (today's drafts and partial calls to resume, the last calls saved).
import { z } from 'zod';
import { MAX_ANSWER_LENGTH } from './crm.ts';
import { ZLeadTableQuery } from './leads.ts';

/** The most questions a draft's path or answers hold (a survey walked through a loop many times still fits). */
export const MAX_DRAFT_QUESTIONS = 500;
/** How many of the last calls saved the idle screen lists. */
export const RECENT_CALLS_LIMIT = 10;

export const CALL_DRAFT_MESSAGES = {
  saved: 'Draft saved',
  deleted: 'Draft deleted',
  nothingToDelete: 'There was no draft of this lead',
} as const;

const qno = z.string().regex(/^Q\d{1,6}$/, 'A question is named Q1, Q2, …');

/** /api/ap/draft/{leadId} path. */
export const ZCallDraftParams = z.object({ leadId: z.coerce.number().int().positive('leadId must be a lead id') });
/** ?tableName= (the campaign the call is made for: an agent's own only). */
export const ZCallDraftQuery = ZLeadTableQuery;

/**
 * PUT /api/ap/draft/{leadId}?tableName=: the call so far. path: the questions shown, in order (Back walks it; the last is
 * on screen). answers: as a lead stores them ('A, B' for a multi-select), also of questions backed out of.
 * leadVersion: the lead's version when the call looked it up.
 */
export const ZCallDraftBody = z.object({
  path: z.array(qno).min(1, 'A draft names the question on screen').max(MAX_DRAFT_QUESTIONS),
  answers: z
    .record(qno, z.string().max(MAX_ANSWER_LENGTH, `An answer is at most ${MAX_ANSWER_LENGTH} characters`))
    .refine(
      (a) => Object.keys(a).length <= MAX_DRAFT_QUESTIONS,
      `A draft holds at most ${MAX_DRAFT_QUESTIONS} answers`,
    ),
  leadVersion: z.number().int().min(0).nullable(),
});
export type TCallDraftBody = z.infer<typeof ZCallDraftBody>;

export const ZCallDraftSaved = z.object({ message: z.string(), updatedAt: z.string() });
export type TCallDraftSaved = z.infer<typeof ZCallDraftSaved>;

export const ZCallDraftDeleted = z.object({ message: z.string(), deleted: z.boolean() });
export type TCallDraftDeleted = z.infer<typeof ZCallDraftDeleted>;

/** The lead a listed call is of: enough to show it and to search it again. */
const callLead = {
  leadId: z.number().int(),
  cellNumber: z.string(),
  respondentName: z.string().nullable(),
};

/** A call in progress, as its caller left it. */
export const ZCallDraft = z.object({
  ...callLead,
  path: z.array(z.string()),
  currentQno: z.string(),
  answers: z.record(z.string(), z.string()),
  leadVersion: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type TCallDraft = z.infer<typeof ZCallDraft>;

/** A save of the caller's (the lead's answer history): when, called or not, and where a partial call stopped. */
export const ZSavedCall = z.object({
  ...callLead,
  savedAt: z.string(),
  isCalled: z.number().int(),
  /** The question answered 'Partial Call', or null. */
  stoppedAt: z.string().nullable(),
});
export type TSavedCall = z.infer<typeof ZSavedCall>;

/**
 * GET /api/ap/myCalls?tableName=: the caller's own calls of the campaign. drafts: calls in progress touched today,
 * newest first. partialCalls: today's partial calls not saved again since, newest first. recentCalls: the last saves.
 */
export const ZMyCalls = z.object({
  drafts: z.array(ZCallDraft),
  partialCalls: z.array(ZSavedCall),
  recentCalls: z.array(ZSavedCall),
});
export type TMyCalls = z.infer<typeof ZMyCalls>;
