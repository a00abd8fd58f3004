// Keeps a running send live on screen: its stream's states as they come, and one notification when it ends.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { sendCountsText, type TDialerSend } from '@crm/shared';
import { connectEventStream, type TStreamStatus } from '../../app/event-stream.ts';
import { SEND_EVENT } from '@crm/shared';
import { fetchMediaToken, readSendEvent, sendStreamPath } from './api.ts';

/**
 * While `send` runs, passes each state of its stream to `onSend` (reconnecting with a fresh token after a failure),
 * and stops at the first state other than running: the server ends the stream there. The status is null while
 * nothing is streamed.
 */
export function useSendStream(
  send: TDialerSend | undefined,
  onSend: (send: TDialerSend) => void,
): TStreamStatus | null {
  const runningId = send?.state === 'running' ? send.id : null;
  const [status, setStatus] = useState<TStreamStatus>('connecting');
  const passOn = useEffectEvent(onSend);
  useEffect(() => {
    if (runningId === null) return;
    const stop = connectEventStream({
      path: sendStreamPath(runningId),
      event: SEND_EVENT,
      read: readSendEvent,
      fetchToken: fetchMediaToken,
      onStatus: setStatus,
      onMessage: (next) => {
        if (next.state !== 'running') stop();
        passOn(next);
      },
    });
    return stop;
  }, [runningId]);
  return runningId === null ? null : status;
}

const ENDED: Record<Exclude<TDialerSend['state'], 'running'>, string> = {
  finished: 'finished',
  cancelled: 'was cancelled',
  stopped: 'stopped',
};

/** "Send #4 finished: 12 added, …", green when every lead went in, yellow when some did not, red when it stopped. */
export function sendEndedNotice(send: TDialerSend): { title: string; message: string; color: string } {
  const state = send.state === 'running' ? 'finished' : send.state;
  const color = state === 'stopped' ? 'red' : state === 'finished' && send.failed === 0 ? 'green' : 'yellow';
  return { title: `Send #${send.id} ${ENDED[state]}`, message: sendCountsText(send), color };
}

/** Says so once when a send seen running here ends, however the screen learnt it (stream, Cancel, a reload). */
export function useSendEndNotice(send: TDialerSend | undefined): void {
  const seenRunning = useRef<number | null>(null);
  useEffect(() => {
    if (send === undefined) return;
    if (send.state === 'running') {
      seenRunning.current = send.id;
      return;
    }
    if (seenRunning.current !== send.id) return;
    seenRunning.current = null;
    notifications.show({ ...sendEndedNotice(send), autoClose: 10_000 });
  }, [send]);
}
