// The dialer kept in step (docs/guide/call-loop.md "The dialer kept in step"): what the CRM asked VICIdial to do after a
// send (a number on its DNC list, a sent lead pulled for do-not-call or a full quota, a callback) and what came of it.
import { z } from 'zod';

/**
 * dnc_number: add_dnc_phone (the number on VICIdial's campaign or system DNC list); lead_dnc: update_lead status=DNC
 * of a sent lead; lead_quota: update_lead status=<the campaign's quota status> of a sent lead of a full quota;
 * lead_callback: update_lead callback=Y.
 */
export const DIALER_SYNC_ACTIONS = ['dnc_number', 'lead_dnc', 'lead_quota', 'lead_callback'] as const;
export type TDialerSyncAction = (typeof DIALER_SYNC_ACTIONS)[number];

/** VICIdial's campaign id of add_dnc_phone for the CRM's system list. */
export const VICIDIAL_SYSTEM_DNC = 'SYSTEM_INTERNAL';
/** update_lead status of a sent lead whose number went on a do-not-call list. */
export const VICIDIAL_DNC_STATUS = 'DNC';
/** A campaign's quota status until the admin picks another. */
export const DEFAULT_QUOTA_STATUS = 'QUOTA';
/** update_lead status: 1 to 6 characters, no punctuation or spaces (written in capitals). */
export const VICIDIAL_STATUS_PATTERN = /^[A-Z0-9]{1,6}$/;

const count = z.number().int().min(0);

/** One request VICIdial refused, in its words. */
export const ZDialerSyncRefusal = z.object({
  action: z.enum(DIALER_SYNC_ACTIONS),
  phoneNumber: z.string(),
  leadId: z.number().int().nullable(),
  message: z.string(),
  /** When VICIdial answered, in TIME_ZONE (yyyy-MM-dd HH:mm:ss). */
  at: z.string(),
});
export type TDialerSyncRefusal = z.infer<typeof ZDialerSyncRefusal>;

export const ZDialerSyncCounts = z.object({ done: count, waiting: count, refused: count });
export type TDialerSyncCounts = z.infer<typeof ZDialerSyncCounts>;

/**
 * GET /api/dialer/sync/dnc and GET /api/dialer/sync/sends/{id}: the pulls (numbers put on VICIdial's DNC lists and sent
 * leads given a DNC or quota status) as done, waiting and refused, with the latest refusals in VICIdial's words;
 * `waitingReason`: why the waiting ones wait (the last try's failure), null when none has failed yet.
 */
export const ZDialerSyncSummary = z.object({
  dialer: z.enum(['vicidial', 'simulated', 'unconfigured']),
  pulls: ZDialerSyncCounts,
  /** The send's callbacks sent to VICIdial (update_lead callback=Y); on /dnc always zero. */
  callbacks: ZDialerSyncCounts,
  waitingReason: z.string().nullable(),
  /** The latest 20 refusals, newest first. */
  refusals: z.array(ZDialerSyncRefusal),
});
export type TDialerSyncSummary = z.infer<typeof ZDialerSyncSummary>;

export const ZDialerSyncSendParams = z.object({ id: z.coerce.number().int().min(1) });

/** GET /api/dialer/sync/sent?number=&campaignName=: the number's sent, not yet completed leads the list would pull. */
export const ZDncSentQuery = z.object({
  number: z.string().trim().min(1, 'number is required').max(40),
  /** The list: a campaign's, or (none or empty) the system list. */
  campaignName: z.string().trim().max(200).optional(),
});
export type TDncSentQuery = z.infer<typeof ZDncSentQuery>;

export const ZDncSentLead = z.object({
  leadId: z.number().int(),
  campaignName: z.string(),
  listId: z.string(),
  /** The day it reached VICIdial, in TIME_ZONE (yyyy-MM-dd). */
  sentOn: z.string(),
});
export type TDncSentLead = z.infer<typeof ZDncSentLead>;

export const ZDncSentCheck = z.object({
  /** The number as stored (E.164); null when it is not a phone number. */
  phoneNumber: z.string().nullable(),
  dialer: z.enum(['vicidial', 'simulated', 'unconfigured']),
  leads: z.array(ZDncSentLead),
  /** The VICIdial DNC list add_dnc_phone puts it on (a campaign id or SYSTEM_INTERNAL); null: none (no dialer, or no VICIdial campaign id). */
  vicidialDncList: z.string().nullable(),
  /** The warning the add dialog shows, or null when nothing was sent. */
  warning: z.string().nullable(),
});
export type TDncSentCheck = z.infer<typeof ZDncSentCheck>;

/** POST /api/dialer/sync/retry: refused requests tried again (after the VICIdial user's permissions were mended). */
export const ZDialerSyncRetry = z.object({ sendId: z.number().int().min(1).optional() });
export type TDialerSyncRetry = z.infer<typeof ZDialerSyncRetry>;
export const ZDialerSyncRetried = z.object({ message: z.string(), retried: count });

/** "sent to VICIdial list 1001 on 2026-11-18: it will be pulled" (one clause per list and day). */
export function dncSentWarning(leads: readonly Pick<TDncSentLead, 'listId' | 'sentOn'>[]): string | null {
  const seen = new Set<string>();
  const clauses: string[] = [];
  for (const l of leads) {
    const key = `${l.listId}\n${l.sentOn}`;
    if (seen.has(key)) continue;
    seen.add(key);
    clauses.push(`list ${l.listId} on ${l.sentOn}`);
  }
  if (clauses.length === 0) return null;
  return `sent to VICIdial ${clauses.join(', ')}: it will be pulled`;
}

/** "pulled from the dialer: 3, waiting: 1, refused: 1" */
export function dialerPullsText(counts: TDialerSyncCounts): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `pulled from the dialer: ${n(counts.done)}, waiting: ${n(counts.waiting)}, refused: ${n(counts.refused)}`;
}

/** "callbacks in VICIdial: 2, waiting: 0, refused: 1" */
export function dialerCallbacksText(counts: TDialerSyncCounts): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `callbacks in VICIdial: ${n(counts.done)}, waiting: ${n(counts.waiting)}, refused: ${n(counts.refused)}`;
}

export const DIALER_SYNC_MESSAGES = {
  retried: (n: number) =>
    n === 0
      ? 'Nothing was refused: nothing to try again.'
      : `${n.toLocaleString('en-US')} refused ${n === 1 ? 'request goes' : 'requests go'} to VICIdial again.`,
  noDialer: 'No dialer is set up: nothing goes to VICIdial.',
} as const;
