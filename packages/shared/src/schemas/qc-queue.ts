// Schemas of the QC work queue (docs/guide/qc-queue.md): the queue's page, claims, the progress view and the per-campaign settings.
import { z } from 'zod';
import { isIsoDate } from '../domain/dates.ts';
import { zPaged } from './common.ts';
import { ZRecordingChecks } from './recording-analysis.ts';

export const QC_QUEUE_MESSAGES = {
  noCallLeft: 'No call left to score',
  busy: 'Many inspectors are asking at once: press Score next again',
  claimNotFound: (id: number) => `No claim with id ${id}`,
  otherInspectorsClaim: 'This call is claimed by another inspector: only they or an admin may release it',
  unknownCampaign: (name: string) => `No campaign named "${name}"`,
} as const;

/** How long a claim holds a call for its inspector. */
export const QC_CLAIM_MINUTES = 15;
/** What a campaign without its own settings uses. */
export const QC_QUEUE_DEFAULTS = { targetPerAgentDay: 5, minDurationSec: 30 } as const;
export const QC_TARGET_MAX = 1000;
export const QC_MIN_DURATION_MAX = 86_400;

const isoDate = (field: string) =>
  z
    .string({ message: `${field} must be a date written yyyy-MM-dd` })
    .refine(isIsoDate, `${field} must be a date written yyyy-MM-dd`);
const campaignName = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const optionalDate = z.union([z.literal('').transform(() => undefined), isoDate('date')]).optional();

/** ?campaignName=&date= of the queue and the progress view; both optional (every campaign; every open day / today). */
export const ZQcQueueQuery = z.object({ campaignName, date: optionalDate });
export type TQcQueueQuery = z.infer<typeof ZQcQueueQuery>;

/** Who holds a call, and until when. */
export const ZQcQueueClaimInfo = z.object({
  id: z.number().int(),
  inspectorId: z.number().int(),
  inspectorName: z.string(),
  claimedAt: z.string(),
  expiresAt: z.string(),
  /** The caller's own claim (it may release it). */
  mine: z.boolean(),
});
export type TQcQueueClaimInfo = z.infer<typeof ZQcQueueClaimInfo>;

/** One call of the queue: a recording not scored yet, of an agent-day below its target (listed in Score next's order). */
export const ZQcQueueCall = z.object({
  recordingId: z.number().int(),
  callDate: z.string(),
  /** HH:mm:ss from the file name, when it has one. */
  callTime: z.string().nullable(),
  fileName: z.string(),
  /** The consumer number in E.164 (+8801…, as QC records show it) when it is a valid number, else as the file names it. */
  phoneNumber: z.string(),
  agentUserId: z.number().int(),
  agentId: z.string(),
  agentName: z.string(),
  campaignId: z.number().int(),
  campaignName: z.string(),
  durationSec: z.number().nullable(),
  checks: ZRecordingChecks,
  claim: ZQcQueueClaimInfo.nullable(),
});
export type TQcQueueCall = z.infer<typeof ZQcQueueCall>;

export const ZQcQueuePage = zPaged(ZQcQueueCall);
export type TQcQueuePage = z.infer<typeof ZQcQueuePage>;

/** POST /api/qcQueue/claim: the next call of this campaign (any when none is named), of this call date (any when none). */
export const ZQcQueueClaimRequest = z.object({ campaignName, date: optionalDate });
export type TQcQueueClaimRequest = z.infer<typeof ZQcQueueClaimRequest>;

/** The claimed call, its claim filled in. */
export const ZQcQueueClaimReply = ZQcQueueCall.extend({ claim: ZQcQueueClaimInfo });
export type TQcQueueClaimReply = z.infer<typeof ZQcQueueClaimReply>;

export const ZQcQueueClaimParams = z.object({ id: z.coerce.number().int().min(1, 'id must be a claim id') });

/** A campaign's queue settings (QC_QUEUE_DEFAULTS when it has none of its own: isDefault). */
export const ZQcQueueSettings = z.object({
  campaignId: z.number().int(),
  campaignName: z.string(),
  targetPerAgentDay: z.number().int(),
  minDurationSec: z.number().int(),
  isDefault: z.boolean(),
});
export type TQcQueueSettings = z.infer<typeof ZQcQueueSettings>;

const wholeNumber = (field: string, min: number, max: number) =>
  z
    .number({ message: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);

/** PUT /api/qcQueue/settings/{campaignName} (admins). */
export const ZQcQueueSettingsUpdate = z.object({
  targetPerAgentDay: wholeNumber('Target per agent and day', 1, QC_TARGET_MAX),
  minDurationSec: wholeNumber('Minimum duration', 0, QC_MIN_DURATION_MAX),
});
export type TQcQueueSettingsUpdate = z.infer<typeof ZQcQueueSettingsUpdate>;

export const ZQcQueueSettingsParams = z.object({
  campaignName: z.string().trim().min(1, 'campaignName is required').max(200),
});

/** Per agent and day: QC records of that agent, day and campaign against the campaign's target. */
export const ZQcAgentDayProgress = z.object({
  callDate: z.string(),
  campaignName: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  scored: z.number().int(),
  target: z.number().int(),
});
/** Per inspector: in-house QC records made today and this week (Monday to the day asked). */
export const ZQcInspectorProgress = z.object({
  inspectorId: z.number().int(),
  inspectorName: z.string(),
  today: z.number().int(),
  week: z.number().int(),
});
export const ZQcQueueProgress = z.object({
  /** The day asked (today by default) and the week's first day (its Monday). */
  date: z.string(),
  weekStart: z.string(),
  agentDays: z.array(ZQcAgentDayProgress),
  inspectors: z.array(ZQcInspectorProgress),
});
export type TQcQueueProgress = z.infer<typeof ZQcQueueProgress>;
