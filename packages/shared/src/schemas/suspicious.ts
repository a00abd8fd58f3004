// Schemas of suspicious completes (issue 38, docs/guide/suspicious.md): a day's flagged completed calls with their
// reasons, each campaign's thresholds, and the QC queue's page with the flag on each call.
import { z } from 'zod';
import { isIsoDate } from '../domain/dates.ts';
import { zPaged } from './common.ts';
import { ZQcQueueCall } from './qc-queue.ts';

/** Why a completed call is flagged; the words are what the screens show. */
export const SUSPICIOUS_REASONS = ['short', 'noRecording', 'repeatedAnswers', 'overHourlyLimit'] as const;
export type TSuspiciousReason = (typeof SUSPICIOUS_REASONS)[number];
export const ZSuspiciousReason = z.enum(SUSPICIOUS_REASONS);

export const SUSPICIOUS_REASON_WORDS: Record<TSuspiciousReason, string> = {
  short: 'Shorter than the minimum',
  noRecording: 'No recording',
  repeatedAnswers: 'Same answers as the previous complete',
  overHourlyLimit: 'Over the hourly limit',
};

/** What a campaign without its own settings uses. */
export const SUSPICIOUS_DEFAULTS = { minHandleSeconds: 60, hourlyLimit: 12, flaggedFirst: true } as const;
export const SUSPICIOUS_MIN_HANDLE_MAX = 3600;
export const SUSPICIOUS_HOURLY_LIMIT_MAX = 1000;

export const SUSPICIOUS_MESSAGES = {
  unknownCampaign: (name: string) => `No campaign named "${name}"`,
} as const;

/** Codes beside the message of the area's refusals. */
export const SUSPICIOUS_CODES = { unknownCampaign: 'UNKNOWN_CAMPAIGN' } as const;

const campaignName = z
  .string()
  .trim()
  .max(200, 'campaignName can be at most 200 characters')
  .optional()
  .transform((v) => (v ? v : undefined));

/** GET /api/suspicious?date=&campaignName=: a local day (today when missing) and a campaign (every one when missing). */
export const ZSuspiciousQuery = z.object({
  date: z
    .union([
      z.literal('').transform(() => undefined),
      z.string().trim().refine(isIsoDate, 'date must be a date written yyyy-MM-dd'),
    ])
    .optional(),
  campaignName,
});
export type TSuspiciousQuery = z.infer<typeof ZSuspiciousQuery>;

/** One flagged completed call (a call attempt that completed the survey). */
export const ZSuspiciousCall = z.object({
  attemptId: z.number().int(),
  leadId: z.number().int(),
  /** The agent's ID (username). */
  agentId: z.string(),
  agentUserId: z.number().int(),
  agentName: z.string(),
  campaignId: z.number().int(),
  campaignName: z.string(),
  /** When the call ended (ISO); its local day is the day asked. */
  endedAt: z.string(),
  handleSeconds: z.number().int(),
  /** The lead's number as stored (E.164). */
  cellNumber: z.string(),
  /** The day's recording of that number (the agent's own first), when one is indexed. */
  recordingId: z.number().int().nullable(),
  /** Its file name, which the QC panel opens. */
  recordingFileName: z.string().nullable(),
  reasons: z.array(ZSuspiciousReason).min(1),
  /** The campaign's thresholds the reasons were judged by. */
  minHandleSeconds: z.number().int(),
  hourlyLimit: z.number().int(),
  /** The agent's completes of the campaign in the 60 minutes up to this one (this one included). */
  completesInHour: z.number().int(),
  /** The agent's previous complete, when its answers are the same. */
  repeatsAttemptId: z.number().int().nullable(),
});
export type TSuspiciousCall = z.infer<typeof ZSuspiciousCall>;

export const ZSuspiciousList = z.array(ZSuspiciousCall);
export type TSuspiciousList = z.infer<typeof ZSuspiciousList>;

/** A campaign's thresholds and the QC queue's order (SUSPICIOUS_DEFAULTS when it has none of its own: isDefault). */
export const ZSuspiciousSettings = z.object({
  campaignId: z.number().int(),
  campaignName: z.string(),
  minHandleSeconds: z.number().int(),
  hourlyLimit: z.number().int(),
  /** The QC queue offers an agent-day's flagged calls before its others. */
  flaggedFirst: z.boolean(),
  isDefault: z.boolean(),
});
export type TSuspiciousSettings = z.infer<typeof ZSuspiciousSettings>;

const wholeNumber = (field: string, min: number, max: number) =>
  z
    .number({ message: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);

/** PUT /api/suspicious/settings/{campaignName} (admins). */
export const ZSuspiciousSettingsUpdate = z.object({
  minHandleSeconds: wholeNumber('Minimum handle time', 0, SUSPICIOUS_MIN_HANDLE_MAX),
  hourlyLimit: wholeNumber('Hourly limit', 1, SUSPICIOUS_HOURLY_LIMIT_MAX),
  flaggedFirst: z.boolean({ message: 'Flagged calls first must be true or false' }),
});
export type TSuspiciousSettingsUpdate = z.infer<typeof ZSuspiciousSettingsUpdate>;

export const ZSuspiciousSettingsParams = z.object({
  campaignName: z.string().trim().min(1, 'campaignName is required').max(200),
});

/** A call of the QC queue's page with its flag: a flagged complete of that agent, number and day (docs/guide/suspicious.md). */
// A reply without the flag (an older server) reads as not flagged.
export const ZFlaggedQcQueueCall = ZQcQueueCall.extend({ suspicious: z.boolean().default(false) });
export type TFlaggedQcQueueCall = z.infer<typeof ZFlaggedQcQueueCall>;
export const ZFlaggedQcQueuePage = zPaged(ZFlaggedQcQueueCall);
export type TFlaggedQcQueuePage = z.infer<typeof ZFlaggedQcQueuePage>;
