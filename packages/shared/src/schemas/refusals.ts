// The refusals a screen tells apart, by a machine-readable `code` beside the `message` (docs/api.md, Refusal codes):
// the web decides by the code; the message stays the words shown (and what an older client reads).
import { z } from 'zod';

/** The codes of the refusals a screen tells apart (each route's 400/403/409 reply says which it may give). */
export const REFUSAL_CODES = {
  /** 409: the lead, or the completed call, falls in a full quota of the campaign ("Quota full for region = Dhaka"). */
  quotaFull: 'QUOTA_FULL',
  /** 409: the edit names a version someone else has saved over since it was read; nothing was written. */
  staleVersion: 'STALE_VERSION',
  /** 409: a name, code or ID already taken; `field` names the request's field it belongs under. */
  duplicate: 'DUPLICATE',
  /** 403: the number is on a do-not-call list ("Do not call: on the system list since 2026-11-20"). */
  doNotCall: 'DO_NOT_CALL',
  /** 400: a value a rule of the server refused beyond the request's schema (a column name); `field` names it. */
  invalidValue: 'INVALID_VALUE',
  /** 404: the QC queue has no call left to score (with the filters given): an answer, not a failure. */
  noCallLeft: 'NO_CALL_LEFT',
  /** 409: an in-house edit applied to its client record, which was changed or deleted since read; nothing was written. */
  clientRecordChanged: 'CLIENT_RECORD_CHANGED',
  /** 403: a client account asked for a record that is not a client QC record of one of its campaigns. */
  notYourRecord: 'NOT_YOUR_RECORD',
  /** 403: the client account may not play recordings (its administrator has not allowed it, or took it back). */
  recordingsNotAllowed: 'RECORDINGS_NOT_ALLOWED',
  /** 404: the QC record has no recording linked to it. */
  noRecording: 'NO_RECORDING',
} as const;

export const ZRefusalCode = z.enum([
  REFUSAL_CODES.quotaFull,
  REFUSAL_CODES.staleVersion,
  REFUSAL_CODES.duplicate,
  REFUSAL_CODES.doNotCall,
  REFUSAL_CODES.invalidValue,
  REFUSAL_CODES.noCallLeft,
  REFUSAL_CODES.clientRecordChanged,
  REFUSAL_CODES.notYourRecord,
  REFUSAL_CODES.recordingsNotAllowed,
  REFUSAL_CODES.noRecording,
]);
export type TRefusalCode = z.infer<typeof ZRefusalCode>;

/**
 * A refusal a screen tells apart: `{message, code}`, and `field` (the request's field, e.g. `campaignName`) when it
 * belongs under one. The `RefusalReply` of the API's document (/api/docs).
 */
export const ZRefusalReply = z
  .object({
    message: z.string(),
    code: ZRefusalCode,
    field: z.string().optional(),
  })
  .meta({ id: 'RefusalReply' });
export type TRefusalReply = z.infer<typeof ZRefusalReply>;

/** The refusal a failed request's reply body carries, or undefined when it has no code of these (any other failure). */
export function refusalOf(body: unknown): TRefusalReply | undefined {
  const parsed = ZRefusalReply.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}
