// The floor's calls (docs/guide/floor.md): its live stream and the media token each (re)connection opens it with.
import { ZMediaToken } from '@crm/shared';
import { api } from '../../app/api.ts';

export const FLOOR_STREAM_PATH = '/api/floor/stream';

/** A fresh five-minute token for each (re)connection; a failure shows as "reconnecting". */
export async function fetchFloorStreamToken(signal: AbortSignal): Promise<string> {
  const { token } = await api.get('/api/auth/media-token', { schema: ZMediaToken, signal, notify: false });
  return token;
}
