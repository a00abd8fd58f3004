// A client account's Play button on its client QC records (docs/guide/clients.md "Recordings"): shown only while its
// administrator lets it play recordings; pressing it asks the server first (one byte), so a record with no recording
// or a flag taken back meanwhile shows the server's words instead of a player that cannot load.
import { useState, type JSX } from 'react';
import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ZClientMe, clientRecordingPath, type TClientMe } from '@crm/shared';
import { NETWORK_ERROR_MESSAGE, api, authorizationHeader, messageOf } from '../../app/api.ts';
import { RecordingPlayer } from './RecordingPlayer.tsx';

export const CLIENT_ME_KEY = ['clients', 'me'] as const;

/** GET /api/clients/me: the client account's name, campaigns and recordings flag. */
export function fetchClientMe(): Promise<TClientMe> {
  return api.get('/api/clients/me', { schema: ZClientMe });
}

/** Whether the signed-in client account may play recordings (false for anyone else, who is not asked). */
export function useClientRecordingsAllowed(isClient: boolean): boolean {
  const me = useQuery({ queryKey: CLIENT_ME_KEY, queryFn: fetchClientMe, enabled: isClient });
  return isClient && me.data?.recordingsAllowed === true;
}

type TCheck = { kind: 'idle' } | { kind: 'checking' } | { kind: 'playing' } | { kind: 'refused'; message: string };

/** Asks for the recording's first byte: null when it plays, else the server's reason. */
async function checkRecording(qcRecordId: number): Promise<string | null> {
  const headers = new Headers({ Range: 'bytes=0-0' });
  const authorization = authorizationHeader();
  if (authorization !== null) headers.set('Authorization', authorization);
  try {
    const res = await fetch(clientRecordingPath(qcRecordId), { headers });
    if (res.ok) {
      await res.body?.cancel();
      return null;
    }
    const body: unknown = await res.json().catch(() => undefined);
    return messageOf(body, res.status);
  } catch {
    return NETWORK_ERROR_MESSAGE;
  }
}

export function ClientRecordingCell({ qcRecordId, label }: { qcRecordId: number; label: string }): JSX.Element {
  const [check, setCheck] = useState<TCheck>({ kind: 'idle' });
  if (check.kind === 'playing') return <RecordingPlayer clientQcRecordId={qcRecordId} label={label} compact autoPlay />;
  if (check.kind === 'refused')
    return (
      <Text size="sm" c="dimmed" maw={220} style={{ whiteSpace: 'normal' }}>
        {check.message}
      </Text>
    );
  const play = async () => {
    setCheck({ kind: 'checking' });
    const refusal = await checkRecording(qcRecordId);
    setCheck(refusal === null ? { kind: 'playing' } : { kind: 'refused', message: refusal });
  };
  return (
    <Button
      size="compact-sm"
      variant="light"
      loading={check.kind === 'checking'}
      aria-label={label}
      onClick={() => void play()}
    >
      Play
    </Button>
  );
}
