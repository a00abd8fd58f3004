// The agent panel (docs/product.md §2 CRM, §4 Survey, §7 Agent panel and the lead update call, §8): lead lookup by number,
// saving a survey's answers, and the record of agent sign-ins.
import { z } from 'zod';
import { changeTimeText, isIsoDate } from '../domain/dates.ts';
import { SHIFTS } from '../domain/roles.ts';
import { LEAD_CALL_STARTED_KEY, LEAD_SURVEY_KEY, LEAD_SURVEY_VERSION_KEY } from '../domain/lead-columns.ts';
import { DISPOSITION_KINDS } from './dispositions.ts';
import { ZLead, ZLeadTableQuery } from './leads.ts';
import { ZDialerDispositionReport } from './screen-pop.ts';

/** The older server's exact reply for a number with no generated lead (the screen shows 'Lead was not generated!'). */
export const LEAD_NOT_GENERATED = 'Lead is not generated';
/** The answer stored for the question a call stopped at (docs/product.md §4 Partial Call). */
export const PARTIAL_CALL_ANSWER = 'Partial Call';
/** How a multi-select answer is stored: the chosen options joined. */
export const MULTI_SELECT_SEPARATOR = ', ';
/** The longest answer a lead stores for one question (a Textarea's notes). */
export const MAX_ANSWER_LENGTH = 2000;

export const AGENT_PANEL_MESSAGES = {
  cellNumberRequired: 'The lead search needs a cell number',
  saved: 'Lead data updated successfully!',
  saveFailed: 'Failed to update lead data. Please try again.',
  otherCampaign: 'You are signed in to another campaign',
  /** 409 of a save naming a version no save made (nothing in the lead's answer history to name). */
  leadChanged: 'This lead was changed after it was looked up. Search the number again to see its answers.',
  /**
   * 503 with code SAVE_OUTCOME_UNKNOWN: the database went away while the save's commit was on its way, so it may have
   * been stored. A retry of the same save is answered as the first would have been (never stored twice).
   */
  saveOutcomeUnknown:
    'The database stopped answering during the save, so the answers may have been saved: search the number again, or retry the save (it is never stored twice).',
} as const;

/** The `code` of a save's refusal whose outcome is unknown (AGENT_PANEL_MESSAGES.saveOutcomeUnknown). */
export const SAVE_OUTCOME_UNKNOWN = 'save-outcome-unknown';

/** The reason stored when an agent puts a called number on the campaign's do-not-call list at the end of a call. */
export const CUSTOMER_ASKED_NOT_TO_BE_CALLED = 'Customer asked not to be called';

/** POST /api/ap/doNotCall: the lead's number goes on the campaign's do-not-call list. */
export const ZDoNotCallBody = z.object({
  campaignName: z.string().trim().min(1, 'campaignName is required'),
  leadId: z.number().int().positive('leadId must be a lead id'),
});
export type TDoNotCallBody = z.infer<typeof ZDoNotCallBody>;
/** alreadyListed: the campaign's list had the number already (nothing was added). */
export const ZDoNotCallResult = z.object({ message: z.string(), phoneNumber: z.string(), alreadyListed: z.boolean() });
export type TDoNotCallResult = z.infer<typeof ZDoNotCallResult>;

/** The reply of POST /api/ap/doNotCall. */
export function doNotCallMessage(phoneNumber: string, alreadyListed: boolean): string {
  return alreadyListed
    ? `${phoneNumber} is on the campaign's do-not-call list already`
    : `${phoneNumber} is on the campaign's do-not-call list now`;
}

/** 409 of a save naming a version that is no longer current: who made the current one, and when (the call centre's time). */
export function leadSavedByOtherMessage(
  agentId: string,
  savedAt: Date | string,
  timeZone: string,
  now: Date = new Date(),
): string {
  return `This lead was saved by ${agentId} at ${changeTimeText(new Date(savedAt), timeZone, now)}. Search the number again to see their answers.`;
}

const campaignName = ZLeadTableQuery.shape.tableName;
const cellNumber = z
  .string({ message: AGENT_PANEL_MESSAGES.cellNumberRequired })
  .trim()
  .min(1, AGENT_PANEL_MESSAGES.cellNumberRequired)
  .max(40, 'cellNumber is too long for a phone number');

/**
 * GET /api/ap/getByNumber?tableName=&cellNumber= (any common format: 017…, 88017…, +88 017…, spaces, dashes).
 * dialerCallId: the dialer's id of the call when it popped the lead (VICIdial's lead_id, the web form's --A--lead_id--B--),
 * kept on the call's attempt.
 * leadId: the lead the screen means (a callback's, a call to resume, the dialer's vendor_lead_code): the generated lead
 * with that id and that number of the campaign; when there is none (another number, not generated, deleted), the
 * answer is the one for the number alone (its newest generated lead).
 */
export const ZLeadLookupQuery = z.object({
  tableName: campaignName,
  cellNumber,
  dialerCallId: z
    .string()
    .trim()
    .min(1, 'dialerCallId must not be empty')
    .max(40, 'dialerCallId is at most 40 characters')
    .optional(),
  leadId: z.coerce
    .number({ message: 'leadId must be a lead id' })
    .int('leadId must be a lead id')
    .positive('leadId must be a lead id')
    .max(Number.MAX_SAFE_INTEGER, 'leadId must be a lead id')
    .optional(),
});
export type TLeadLookupQuery = z.infer<typeof ZLeadLookupQuery>;

/** 200 of getByNumber when the number has no generated lead in the campaign. */
export const ZLeadNotGenerated = z.object({ message: z.literal(LEAD_NOT_GENERATED) });
export type TLeadNotGenerated = z.infer<typeof ZLeadNotGenerated>;

/**
 * One active question of the lead's campaign in the lookup reply: its text as written and as the agent reads it,
 * filled from the lead's values and stored answers (docs/product.md, lead fields in the text). `options` is
 * comma-separated as in the question; `optionsFilled` has one entry per option.
 */
export const ZLookupSurveyQuestion = z.object({
  id: z.number().int(),
  qno: z.string(),
  title: z.string(),
  options: z.string(),
  instruction: z.string().nullable(),
  titleFilled: z.string(),
  optionsFilled: z.array(z.string()),
  instructionFilled: z.string().nullable(),
});
export type TLookupSurveyQuestion = z.infer<typeof ZLookupSurveyQuestion>;

/**
 * The lookup's lead: the flat lead (ZLead) and, after its version, `surveyVersion` (the version of the campaign's
 * survey, GET /api/logic/survey) and `survey`, the active questions whose texts name a lead field or an answer, filled in
 * for this lead (ours, additive; the other questions read the same for every lead). A reply without them (a server
 * from before them) still parses.
 * `callStartedAt` (ISO-8601 UTC): when the caller's call of this lead began (its first lookup or the dialer's pop in
 * this sign-in, within 12 h); only for callers (agents, admins on /CRM), never for QC inspectors.
 */
export const ZLookedUpLead = z
  .object({
    [LEAD_SURVEY_VERSION_KEY]: z.number().int().optional(),
    [LEAD_SURVEY_KEY]: z.array(ZLookupSurveyQuestion).optional(),
    [LEAD_CALL_STARTED_KEY]: z.string().optional(),
  })
  .catchall(ZLead.valueType);
export type TLookedUpLead = z.infer<typeof ZLookedUpLead>;

/** 200 of getByNumber: the lead in the flat shape with its survey, or the not-generated message. */
export const ZLeadLookupResult = z.union([ZLeadNotGenerated, ZLookedUpLead]);
export type TLeadLookupResult = z.infer<typeof ZLeadLookupResult>;

export function isLeadNotGenerated(result: TLeadLookupResult): result is TLeadNotGenerated {
  return result.message === LEAD_NOT_GENERATED && Object.keys(result).length === 1;
}

/** PUT /dynamic/updateLeadData/{t}/{cell} path. */
export const ZLeadSaveParams = z.object({ t: campaignName, cell: cellNumber });
/**
 * ?leadId= pins the save to the lead the screen looked up, so a list generated for another date meanwhile
 * cannot take the answers. Without it the lead getByNumber would return now is written.
 * ?version= is the lead's version as looked up: when another save came in between, the save is refused (409)
 * instead of overwriting it. Without it (older clients) the save is made whatever the version.
 */
export const ZLeadSaveQuery = z.object({
  leadId: z.coerce.number().int().positive('leadId must be a lead id').optional(),
  version: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, "version must be a whole number (the lead's version as looked up)")
    .transform(Number)
    .optional(),
});
export type TLeadSaveQuery = z.infer<typeof ZLeadSaveQuery>;

/**
 * The body: Q<qno> → answer (null clears it), is_called (0/1, '0'/'1', '' = 0) and disposition (a code of the
 * campaign's dispositions; without one a save ending the call takes the campaign's first completed one for is_called 1
 * and its first callback one for is_called 0). Only the Q keys of the campaign's questions, is_called and disposition
 * are read; every other key is ignored and listed in the reply.
 */
export const ZLeadSaveBody = z.record(z.string(), z.unknown(), {
  message: 'The body must be a JSON object of answers',
});
export type TLeadSaveBody = Record<string, string | number | null>;

/** The body key of the call's disposition. */
export const SAVE_DISPOSITION_KEY = 'disposition';

/** The call attempt a save ending a call (is_called given) wrote: from the call's start to the save (docs/guide/call-loop.md). */
export const ZSavedAttempt = z.object({
  id: z.number().int(),
  handleSeconds: z.number().int(),
  disposition: z.string(),
  dispositionName: z.string(),
  dispositionKind: z.enum(DISPOSITION_KINDS),
  /** The dialer's id of the call when it popped the lead; null for a typed number. */
  dialerCallId: z.string().nullable(),
});
export type TSavedAttempt = z.infer<typeof ZSavedAttempt>;

export const ZLeadSaveResult = z.object({
  message: z.string(),
  /** The lead as stored now, in the flat shape. */
  lead: ZLead,
  /** Keys of the body that were not written (not a question of this campaign, or not a lead answer at all). */
  ignored: z.array(z.string()),
  /** The call's attempt, when the save ended a call (is_called given); absent for a correction of answers alone. */
  attempt: ZSavedAttempt.optional(),
  /** A do-not-call disposition put the number on the campaign's do-not-call list (or it was there already). */
  doNotCall: ZDoNotCallResult.optional(),
  /** A dialer's call (the attempt has a dialer call id): what VICIdial answered its disposition (external_status). */
  dialer: ZDialerDispositionReport.optional(),
});
export type TLeadSaveResult = z.infer<typeof ZLeadSaveResult>;

// ---- a lead's answer history

/** GET /api/ap/answerHistory/{leadId}. */
export const ZLeadAnswerHistoryParams = z.object({
  leadId: z.coerce.number().int().positive('leadId must be a lead id'),
});

/** One survey save of a lead: who, when, and the answers and is_called as they stood after it. */
export const ZLeadAnswerHistoryEntry = z.object({
  version: z.number().int(),
  agentId: z.string(),
  savedAt: z.string(),
  answers: z.record(z.string(), z.string()),
  isCalled: z.number().int(),
});
export type TLeadAnswerHistoryEntry = z.infer<typeof ZLeadAnswerHistoryEntry>;

/** 200 of answerHistory: the lead's saves, newest first. */
export const ZLeadAnswerHistory = z.array(ZLeadAnswerHistoryEntry);

// ---- agent sign-ins

/** One agent sign-in: who, which shift and campaign, when it began and how it ended. */
export const ZAgentSession = z.object({
  id: z.number().int(),
  agentId: z.string(),
  name: z.string(),
  shift: z.enum(SHIFTS),
  campaignName: z.string(),
  signedInAt: z.string(),
  /** When the agent signed out, or when the session ran out without a sign-out; null while it lasts. */
  endedAt: z.string().nullable(),
  endedBy: z.enum(['sign-out', 'expiry']).nullable(),
});
export type TAgentSession = z.infer<typeof ZAgentSession>;

/** GET /api/agentSessions/online: agents signed in now, by shift (both shifts always listed). */
export const ZAgentsOnline = z.object({
  total: z.number().int().min(0),
  shifts: z.array(z.object({ shift: z.enum(SHIFTS), agents: z.array(ZAgentSession) })),
});
export type TAgentsOnline = z.infer<typeof ZAgentsOnline>;

/** GET /api/agentSessions?date=yyyy-MM-dd: that day's sign-ins, newest first. */
export const ZAgentSessionsQuery = z.object({
  // A real day (2026-13-01 is not): an impossible one would reach PostgreSQL's date cast and fail there.
  date: z.string().trim().refine(isIsoDate, 'date must be a date written yyyy-MM-dd').optional(),
});

/** POST /api/auth/signOut. */
export const ZSignOutResult = z.object({ message: z.string() });
export type TSignOutResult = z.infer<typeof ZSignOutResult>;
