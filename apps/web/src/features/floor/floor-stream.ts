// The floor's live stream: the floors of /api/floor/stream over the app's reconnecting event stream, as a React hook.
import { useEffect, useState } from 'react';
import { FLOOR_EVENT, ZFloor, type TFloor } from '@crm/shared';
import { connectEventStream, readJsonEvent, type TStreamStatus } from '../../app/event-stream.ts';
import { FLOOR_STREAM_PATH, fetchFloorStreamToken } from './api.ts';

export type TFloorStream = {
  floor: TFloor | null;
  status: TStreamStatus;
  /** The server's clock minus this browser's, as of the last floor: the ticking times follow the server's. */
  clockOffsetMs: number;
};

const readFloor = readJsonEvent(ZFloor, 'floor');

/** Opens the floor stream for as long as the component is shown; it reconnects by itself with a fresh token. */
export function useFloorStream(createEventSource?: (url: string) => EventSource): TFloorStream {
  const [live, setLive] = useState<TFloorStream>({ floor: null, status: 'connecting', clockOffsetMs: 0 });
  useEffect(
    () =>
      connectEventStream({
        path: FLOOR_STREAM_PATH,
        event: FLOOR_EVENT,
        read: readFloor,
        fetchToken: fetchFloorStreamToken,
        onMessage: (floor) => setLive((s) => ({ ...s, floor, clockOffsetMs: Date.parse(floor.at) - Date.now() })),
        onStatus: (status) => setLive((s) => ({ ...s, status })),
        ...(createEventSource ? { createEventSource } : {}),
      }),
    [createEventSource],
  );
  return live;
}
