// Schemas of client accounts' own view (issue 38, docs/guide/clients.md): who the signed-in client is and what it sees.
import { z } from 'zod';

/** One campaign a client account may see: its id (campaigns.id) and name (what /results?campaignName= takes). */
export const ZClientCampaign = z.object({
  campaignId: z.number().int(),
  campaignName: z.string(),
});
export type TClientCampaign = z.infer<typeof ZClientCampaign>;

/** GET /api/clients/me: the account's name, its campaigns (A to Z) and whether it may play their recordings. */
export const ZClientMe = z.object({
  name: z.string(),
  campaigns: z.array(ZClientCampaign),
  recordingsAllowed: z.boolean(),
});
export type TClientMe = z.infer<typeof ZClientMe>;

/** A phone number as a client reads it: every digit hidden but the last 4 (e.g. "•••••••5678"). */
export function maskPhoneNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 0) return '';
  const shown = digits.slice(-4);
  return `${'•'.repeat(Math.max(digits.length - shown.length, 3))}${shown}`;
}

/** A client QC record's recording, named by the record's id (a recording's file name holds the number). */
export const clientRecordingPath = (qcRecordId: number) => `/api/clients/recordings/${qcRecordId}`;

export const ZClientRecordingParams = z.object({
  id: z.coerce.number().int().positive('id must be a QC record id'),
});
export type TClientRecordingParams = z.infer<typeof ZClientRecordingParams>;

/** The words of GET /api/clients/recordings/{id}'s refusals (each with its code, REFUSAL_CODES). */
export const CLIENT_RECORDING_MESSAGES = {
  notYourRecord: 'This is not a client QC record of your campaigns',
  notAllowed: 'Your account may not play recordings: ask the call centre to allow it',
  noRecording: 'No recording is linked to this QC record',
  noClientRecord: (id: number) => `No client QC record with id ${id}`,
} as const;
