// VICIdial's add_dnc_phone and update_lead (status, callback) as the dialer sync speaks them: the request of a stored
// item, and its documented reply text read into an outcome (VICIdial docs/NON-AGENT_API.txt).
import type { CountryCode } from 'libphonenumber-js';
import type { TDialerSyncAction } from '@crm/shared';
import { ADD_LEAD_SOURCE, redactSecrets, splitPhoneNumber } from '../dialer/sends/add-lead.ts';

/** What one request came to: done (VICIdial did it), refused (an ERROR, in its words), or no usable answer (tried again). */
export type TSyncOutcome = { kind: 'done' | 'refused' | 'transient'; message: string };

/** An item as the worker sends it: its action, number (E.164) and stored parameters. */
export type TSyncRequest = { action: TDialerSyncAction; phoneNumber: string; params: Record<string, string> };

const FUNCTIONS: Record<TDialerSyncAction, string> = {
  dnc_number: 'add_dnc_phone',
  lead_dnc: 'update_lead',
  lead_quota: 'update_lead',
  lead_callback: 'update_lead',
};

/**
 * The request's parameters without user and pass. add_dnc_phone takes the national number (as add_lead's
 * phone_number, what VICIdial's DNC lists hold); update_lead finds the lead by the vendor_lead_code the send gave it.
 */
export function syncRequestParams(request: TSyncRequest, country?: CountryCode): URLSearchParams {
  const params = new URLSearchParams({
    function: FUNCTIONS[request.action],
    source: ADD_LEAD_SOURCE,
    ...request.params,
  });
  if (request.action === 'dnc_number')
    params.set('phone_number', splitPhoneNumber(request.phoneNumber, country).phoneNumber);
  return params;
}

/** update_lead of one sent lead: found by vendor_lead_code (our lead id) in the send's list. */
export function leadSearchParams(leadId: string, listId: string): Record<string, string> {
  return { search_method: 'VENDOR_LEAD_CODE', search_location: 'LIST', list_id: listId, vendor_lead_code: leadId };
}

const MAX_MESSAGE = 500;
const CREDENTIALS_REFUSED = 'The dialer refused the API user or password (Invalid Username/Password).';

function replyLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

function messageOf(lines: string[], secrets: readonly string[]): string {
  const joined = redactSecrets(lines.join(' · '), secrets);
  return joined.length > MAX_MESSAGE ? `${joined.slice(0, MAX_MESSAGE)}…` : joined;
}

function unreadable(lines: string[], message: string): TSyncOutcome {
  if (lines.length === 0) return { kind: 'transient', message: 'The dialer sent an empty reply.' };
  return {
    kind: 'transient',
    message: `The dialer sent a reply that could not be read: "${message.slice(0, 120)}${message.length > 120 ? '…' : ''}"`,
  };
}

/**
 * Reads a reply. An ERROR line refuses (VICIdial's words; never the password a credentials error echoes). add_dnc_phone
 * is done on SUCCESS, and on "DNC NUMBER ALREADY EXISTS" (the number is on that list: what was asked). update_lead is
 * done on "LEAD HAS BEEN UPDATED"; a callback also needs its "SCHEDULED CALLBACK ADDED/UPDATED" notice, and a
 * "SCHEDULED CALLBACK NOT …" notice refuses it; "NO MATCHES FOUND" (the lead is no longer in the list) refuses. Any
 * other reply (empty, an HTML page) is no answer: tried again.
 */
export function readSyncReply(action: TDialerSyncAction, text: string, secrets: readonly string[] = []): TSyncOutcome {
  const lines = replyLines(text);
  const message = messageOf(lines, secrets);
  if (lines.some((l) => /^ERROR: Invalid Username\/Password/i.test(l)))
    return { kind: 'refused', message: CREDENTIALS_REFUSED };
  if (action === 'dnc_number') {
    if (lines.some((l) => /^SUCCESS: add_dnc_phone DNC NUMBER HAS BEEN ADDED/i.test(l)))
      return { kind: 'done', message };
    if (lines.some((l) => /^ERROR: add_dnc_phone DNC NUMBER ALREADY EXISTS/i.test(l))) return { kind: 'done', message };
    if (lines.some((l) => /^ERROR:/i.test(l))) return { kind: 'refused', message };
    return unreadable(lines, message);
  }
  if (lines.some((l) => /^ERROR:/i.test(l) || /^NOTICE: update_lead NO MATCHES FOUND/i.test(l)))
    return { kind: 'refused', message };
  if (!lines.some((l) => /^SUCCESS: update_lead LEAD HAS BEEN UPDATED/i.test(l))) return unreadable(lines, message);
  if (action !== 'lead_callback') return { kind: 'done', message };
  if (lines.some((l) => /^NOTICE: update_lead SCHEDULED CALLBACK (ADDED|UPDATED)/i.test(l)))
    return { kind: 'done', message };
  // Updated, but no callback scheduled: "SCHEDULED CALLBACK NOT ADDED, USER NOT VALID" and the like.
  return { kind: 'refused', message };
}
