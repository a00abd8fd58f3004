// React hook over connectDialerStream: the latest dialer state and the connection status.
import { useEffect, useState } from 'react';
import type { TDialerState } from '@crm/shared';
import { DIALER_STREAM_PATH, fetchStreamToken } from './api.ts';
import { connectDialerStream, type TStreamStatus } from './dialer-stream.ts';

export type TDialerStream = { state: TDialerState | null; status: TStreamStatus };

export function useDialerStream(): TDialerStream {
  const [state, setState] = useState<TDialerState | null>(null);
  const [status, setStatus] = useState<TStreamStatus>('connecting');
  useEffect(
    () =>
      connectDialerStream({
        path: DIALER_STREAM_PATH,
        fetchToken: fetchStreamToken,
        onState: setState,
        onStatus: setStatus,
      }),
    [],
  );
  return { state, status };
}
