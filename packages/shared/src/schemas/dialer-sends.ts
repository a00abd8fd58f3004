// Sending a day's generated leads to VICIdial by its non-agent API `add_lead` (docs/guide/dialer.md).
import { z } from 'zod';
import { isIsoDate } from '../domain/dates.ts';
import { VICIDIAL_STATUS_PATTERN } from './dialer-sync.ts';

/**
 * VICIdial's add_lead `duplicate_check` modes offered per campaign: none, or the phone number in the same list, in
 * every list of the list's campaign, or in the whole system.
 */
export const DUPLICATE_CHECKS = ['NONE', 'DUPLIST', 'DUPCAMP', 'DUPSYS'] as const;
export type TDuplicateCheck = (typeof DUPLICATE_CHECKS)[number];

/** The most leads a second an admin may set; 0 means as fast as the dialer answers. */
export const MAX_SEND_RATE = 1000;
export const DEFAULT_SEND_RATE = 20;

const campaignName = z
  .string({ message: 'campaignName is required' })
  .trim()
  .min(1, 'campaignName is required')
  .max(200);
const isoDate = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .refine(isIsoDate, `${field} must be a date written yyyy-MM-dd`);

/** A campaign's VICIdial settings as the admin edits them (PUT /api/dialer/settings). */
export const ZDialerSettingsInput = z
  .object({
    campaignName,
    /** The VICIdial list the leads are loaded into: 3 to 12 digits, as add_lead requires. */
    listId: z
      .string()
      .trim()
      .regex(/^\d{3,12}$/, 'The list id is 3 to 12 digits'),
    duplicateCheck: z.enum(DUPLICATE_CHECKS),
    /** add_lead dnc_check=Y: VICIdial refuses numbers on its system DNC list. */
    dncCheck: z.boolean(),
    /** add_lead campaign_dnc_check=Y with campaign_id: VICIdial refuses numbers on that campaign's DNC list. */
    campaignDncCheck: z.boolean(),
    /**
     * VICIdial's campaign id (2 to 8 characters); required with the campaign DNC check. Also where add_dnc_phone puts a
     * number of the campaign's do-not-call list, and the campaign of a callback sent to VICIdial.
     */
    vicidialCampaignId: z.string().trim().max(8).nullable(),
    /** Leads a second; 0: as fast as the dialer answers. */
    rate: z.number().int().min(0).max(MAX_SEND_RATE, `The rate is at most ${MAX_SEND_RATE} leads a second`),
    /**
     * The VICIdial status (update_lead status) a full quota's sent, not yet called leads get: 1 to 6 letters or digits,
     * written in capitals. Omitted: the saved one stays (QUOTA at first); a reply always carries it.
     */
    quotaStatus: z
      .string()
      .trim()
      .toUpperCase()
      .regex(VICIDIAL_STATUS_PATTERN, 'The quota status is 1 to 6 letters or digits')
      .optional(),
  })
  .refine(
    (s) => !s.campaignDncCheck || (s.vicidialCampaignId !== null && /^[A-Za-z0-9_-]{2,8}$/.test(s.vicidialCampaignId)),
    {
      message: 'The campaign DNC check needs the VICIdial campaign id (2 to 8 letters, digits, - or _)',
      path: ['vicidialCampaignId'],
    },
  )
  .refine(
    (s) =>
      s.vicidialCampaignId === null || s.vicidialCampaignId === '' || /^[A-Za-z0-9_-]{2,8}$/.test(s.vicidialCampaignId),
    {
      message: 'The VICIdial campaign id is 2 to 8 letters, digits, - or _',
      path: ['vicidialCampaignId'],
    },
  );
export type TDialerSettingsInput = z.infer<typeof ZDialerSettingsInput>;

/** GET /api/dialer/settings?campaignName=: the campaign's settings (null before any are saved) and where sends go. */
export const ZDialerSettingsReply = z.object({
  campaignName: z.string(),
  /** 'vicidial' (VICIDIAL_URL), 'simulated' (DIALER=simulated: an in-process stand-in), 'unconfigured' (no send possible). */
  dialer: z.enum(['vicidial', 'simulated', 'unconfigured']),
  settings: ZDialerSettingsInput.nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TDialerSettingsReply = z.infer<typeof ZDialerSettingsReply>;

export const ZDialerSettingsQuery = z.object({ campaignName });

/** running: being sent; cancelled: stopped by an admin; stopped: halted by the dialer (see message); finished: every lead has an outcome. */
export const SEND_STATES = ['running', 'cancelled', 'stopped', 'finished'] as const;
export type TSendState = (typeof SEND_STATES)[number];

/** A lead's outcome: added to the list, a duplicate, on a DNC list, refused (VICIdial's message), failed (never reached it). */
export const SEND_OUTCOMES = ['added', 'duplicate', 'dnc', 'refused', 'failed'] as const;
export type TSendOutcome = (typeof SEND_OUTCOMES)[number];

const count = z.number().int().min(0);

export const ZDialerSend = z.object({
  id: z.number().int(),
  campaignName: z.string(),
  /** The data date whose generated leads the send took. */
  date: z.string(),
  state: z.enum(SEND_STATES),
  listId: z.string(),
  rate: z.number().int(),
  total: count,
  /** Leads with no outcome yet (waiting or on their way). */
  pending: count,
  added: count,
  duplicate: count,
  dnc: count,
  refused: count,
  failed: count,
  /** Why a send stopped (the dialer's own words), or null. */
  message: z.string().nullable(),
  startedBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TDialerSend = z.infer<typeof ZDialerSend>;

/** POST /api/dialer/sends */
export const ZStartSend = z.object({ campaignName, date: isoDate('date') });
export type TStartSend = z.infer<typeof ZStartSend>;
export const ZStartSendReply = z.object({ id: z.number().int() });

export const ZSendIdParams = z.object({ id: z.coerce.number().int().min(1) });

/** GET /api/dialer/sends?campaignName=&date=: the date's sends, newest first, and its generated leads in no send yet. */
export const ZSendsQuery = z.object({ campaignName, date: isoDate('date') });
export const ZSendsOfDate = z.object({ unsent: count, sends: z.array(ZDialerSend) });
export type TSendsOfDate = z.infer<typeof ZSendsOfDate>;

/** The event name of GET /api/dialer/sends/{id}/stream; its data is one TDialerSend. */
export const SEND_EVENT = 'send';

/** The columns of a send's report (GET /api/dialer/sends/{id}/report), one row per lead. */
export const SEND_REPORT_COLUMNS = [
  'lead_id',
  'phone_number',
  'outcome',
  'message',
  'attempts',
  'vicidial_lead_id',
  'sent_at',
] as const;

export const DIALER_SEND_MESSAGES = {
  noDialer:
    'No dialer is set up: set VICIDIAL_URL, VICIDIAL_USER and VICIDIAL_PASS (or DIALER=simulated) to send leads.',
  noSettings: (campaign: string) => `Set the VICIdial list of ${campaign} before sending.`,
  nothingToSend: (date: string) => `Every generated lead of ${date} has been sent already: generate more first.`,
  alreadyRunning: (id: number) => `Send #${id} of this campaign is still running: wait for it or cancel it.`,
  notFound: 'No such send.',
  notRunning: 'This send is not running.',
  nothingToResume: 'This send has nothing left to send.',
} as const;

/** 'outcome: 12 added, 1 duplicate, …' as the screen and the closing notification say it. */
export function sendCountsText(send: Pick<TDialerSend, 'added' | 'duplicate' | 'dnc' | 'refused' | 'failed'>): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `${n(send.added)} added, ${n(send.duplicate)} duplicate, ${n(send.dnc)} on DNC, ${n(send.refused)} refused, ${n(send.failed)} failed`;
}
