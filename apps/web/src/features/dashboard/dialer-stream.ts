// The dashboard's live dialer stream: the dialer states of /api/dialer/stream over the app's reconnecting event stream.
import { DIALER_EVENT, ZDialerState, type TDialerState } from '@crm/shared';
import { connectEventStream, readJsonEvent, type TStreamStatus } from '../../app/event-stream.ts';

export { defaultBackoff, MAX_BACKOFF_MS, type TStreamStatus } from '../../app/event-stream.ts';

export type DialerStreamOptions = {
  /** The stream's path; `?token=` is added. */
  path: string;
  fetchToken: (signal: AbortSignal) => Promise<string>;
  onState: (state: TDialerState) => void;
  onStatus: (status: TStreamStatus) => void;
  createEventSource?: (url: string) => EventSource;
  /** Wait before reconnect attempt n (0-based). */
  backoffMs?: (attempt: number) => number;
};

const readState = readJsonEvent(ZDialerState, 'dialer');

/** Opens the stream and keeps it open, reconnecting with a fresh token, until the returned stop() is called. */
export function connectDialerStream({ onState, ...options }: DialerStreamOptions): () => void {
  return connectEventStream({ ...options, event: DIALER_EVENT, read: readState, onMessage: onState });
}
