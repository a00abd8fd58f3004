// A call's recording as a plain audio player (the media token in the address, refreshed before it runs out).
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { recordingUrl } from '@crm/shared';
import { MEDIA_TOKEN_KEY, fetchMediaToken } from './api.ts';

export function RecordingAudio({ callDate, fileName }: { callDate: string; fileName: string | null }) {
  // Tokens live five minutes: a new one every four keeps a paused player playable.
  const token = useQuery({
    queryKey: MEDIA_TOKEN_KEY,
    queryFn: fetchMediaToken,
    enabled: fileName !== null,
    refetchInterval: 4 * 60_000,
    staleTime: 3 * 60_000,
  });
  if (fileName === null) {
    return (
      <Text fz="sm" c="dimmed">
        No recording was chosen for this call: find it on the voice log ({callDate}).
      </Text>
    );
  }
  if (token.isError) {
    return (
      <Text fz="sm" c="red" role="alert">
        The recording cannot be played: {token.error.message}
      </Text>
    );
  }
  if (!token.data) return <Text fz="sm">Loading the recording…</Text>;
  return (
    <audio
      controls
      preload="metadata"
      src={recordingUrl(callDate, fileName, token.data.token)}
      style={{ width: '100%', height: 36 }}
      aria-label={`Recording ${fileName}`}
    />
  );
}
