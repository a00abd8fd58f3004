// Schemas of call attempts: every call an agent ends is one, with its disposition (docs/guide/call-loop.md).
import { z } from 'zod';
import { DISPOSITION_KINDS } from './dispositions.ts';

/** /api/leads/{id}/attempts path. */
export const ZLeadAttemptsParams = z.object({ id: z.coerce.number().int().positive('id must be a lead id') });

/** One call of a lead: who, from the first lookup (or the dialer's pop) to the save, and how it ended. */
export const ZCallAttempt = z.object({
  id: z.number().int(),
  agentId: z.string(),
  agentName: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  handleSeconds: z.number().int(),
  /** The disposition's code as the call ended with it; its name and kind as they were then. */
  disposition: z.string(),
  dispositionName: z.string(),
  dispositionKind: z.enum(DISPOSITION_KINDS),
  /** The survey was completed by this call. */
  completed: z.boolean(),
  /** VICIdial's lead_id (or uniqueid) of the call when the dialer popped it; null for a typed number. */
  dialerCallId: z.string().nullable(),
  /** What VICIdial answered external_status for this call: null when it was not the dialer's. */
  dialerStatus: z.string().nullable(),
});
export type TCallAttempt = z.infer<typeof ZCallAttempt>;

/** GET /api/leads/{id}/attempts: newest first. */
export const ZCallAttempts = z.array(ZCallAttempt);
export type TCallAttempts = z.infer<typeof ZCallAttempts>;
