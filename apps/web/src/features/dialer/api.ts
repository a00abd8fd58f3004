// The calls of "Send to dialer" (docs/guide/dialer.md): a campaign's VICIdial settings, a date's sends, starting,
// cancelling and resuming one, its live stream and its CSV report. Each failure is shown by the card itself
// (notify: false), in the server's words, where the admin acted.
import {
  SEND_EVENT,
  ZDialerSend,
  ZDialerSettingsReply,
  ZDialerSyncRetried,
  ZDialerSyncSummary,
  ZMediaToken,
  ZSendsOfDate,
  ZStartSendReply,
  type TDialerSend,
  type TDialerSettingsInput,
  type TDialerSettingsReply,
  type TDialerSyncSummary,
  type TSendsOfDate,
  type TStartSend,
} from '@crm/shared';
import { api } from '../../app/api.ts';
import { readJsonEvent } from '../../app/event-stream.ts';
import { followDownloadLink } from '../../app/save-file.ts';
import { DIALER_KEY } from '../../app/query-keys.ts';
// Shared with other areas' screens (app/query-keys.ts); re-exported for this area's files.
export { DIALER_KEY } from '../../app/query-keys.ts';

export const dialerSettingsKey = (campaignName: string) => [...DIALER_KEY, 'settings', campaignName] as const;
export const sendsOfDateKey = (campaignName: string, date: string) =>
  [...DIALER_KEY, 'sends', campaignName, date] as const;
export const sendSyncKey = (id: number) => [...DIALER_KEY, 'sync', id] as const;

export function fetchDialerSettings(campaignName: string): Promise<TDialerSettingsReply> {
  return api.get('/api/dialer/settings', { query: { campaignName }, schema: ZDialerSettingsReply, notify: false });
}

export function saveDialerSettings(input: TDialerSettingsInput): Promise<TDialerSettingsReply> {
  return api.put('/api/dialer/settings', input, { schema: ZDialerSettingsReply, notify: false });
}

/** The date's generated leads in no send yet, and its sends newest first. */
export function fetchSendsOfDate(campaignName: string, date: string): Promise<TSendsOfDate> {
  return api.get('/api/dialer/sends', { query: { campaignName, date }, schema: ZSendsOfDate, notify: false });
}

/** Starts sending the date's unsent generated leads; answers the new send's id. */
export async function startSend(request: TStartSend): Promise<number> {
  const { id } = await api.post('/api/dialer/sends', request, { schema: ZStartSendReply, notify: false });
  return id;
}

export function cancelSend(id: number): Promise<TDialerSend> {
  return api.post(`/api/dialer/sends/${id}/cancel`, undefined, { schema: ZDialerSend, notify: false });
}

export function resumeSend(id: number): Promise<TDialerSend> {
  return api.post(`/api/dialer/sends/${id}/resume`, undefined, { schema: ZDialerSend, notify: false });
}

export const sendStreamPath = (id: number) => `/api/dialer/sends/${id}/stream`;

export const readSendEvent = readJsonEvent(ZDialerSend, SEND_EVENT);

/** A five-minute token for a link or a stream, which cannot carry the session header. */
export async function fetchMediaToken(signal?: AbortSignal): Promise<string> {
  const { token } = await api.get('/api/auth/media-token', { schema: ZMediaToken, signal, notify: false });
  return token;
}

/**
 * Has the browser stream the send's report (one row per lead) to disk under the name the server gives it
 * (an empty `download` name); rejects when no token could be had.
 */
export async function downloadSendReport(send: Pick<TDialerSend, 'id'>): Promise<void> {
  const token = await fetchMediaToken();
  followDownloadLink(`/api/dialer/sends/${send.id}/report?token=${encodeURIComponent(token)}`, '');
}

/** What VICIdial made of the send's leads afterwards: pulled (do-not-call, full quota) and callbacks. */
export function fetchSendSync(id: number): Promise<TDialerSyncSummary> {
  return api.get(`/api/dialer/sync/sends/${id}`, { schema: ZDialerSyncSummary, notify: false });
}

/** The send's refused requests go to VICIdial again; answers the server's message. */
export async function retrySendSync(id: number): Promise<string> {
  const { message } = await api.post('/api/dialer/sync/retry', { sendId: id }, { schema: ZDialerSyncRetried });
  return message;
}
