// The server's refusal codes (@crm/shared schemas/refusals.ts, docs/api.md "Refusal codes") read from a failed call:
// screens decide by the code, never by the message's words, which they still show.
import { REFUSAL_CODES, refusalOf, type TRefusalCode, type TRefusalReply } from '@crm/shared';
import { ApiError } from './api.ts';

/** The refusal a failed call carries ({message, code, field?}), or undefined for any other failure. */
export function refusalOfError(error: unknown): TRefusalReply | undefined {
  return error instanceof ApiError ? refusalOf(error.body) : undefined;
}

/** Whether the server refused the call with this code. */
export function isRefusedAs(error: unknown, code: TRefusalCode): error is ApiError {
  return refusalOfError(error)?.code === code;
}

/** The codes whose `field` names the form input a refusal belongs under. */
const FIELD_CODES: ReadonlySet<TRefusalCode> = new Set([REFUSAL_CODES.duplicate, REFUSAL_CODES.invalidValue]);

/** The request's field a refusal belongs under (a taken name: `campaignName`; a refused column: `columns.2`), if any. */
export function refusedFieldOf(error: unknown): string | undefined {
  const refusal = refusalOfError(error);
  return refusal !== undefined && FIELD_CODES.has(refusal.code) ? refusal.field : undefined;
}
