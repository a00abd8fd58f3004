// The automatic checks above a player: the chips, then the waveform with its shaded regions (once analysed), or
// why there is none yet (being analysed, unreadable, not loaded).
import { Button, Group, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TRecordingAnalysisReply } from '@crm/shared';
import { CheckChips } from '../../components/CheckChips.tsx';
import { Waveform } from './Waveform.tsx';

export const CHECKS_LOAD_FAILED = 'The automatic checks could not be loaded';

type Props = {
  analysis: UseQueryResult<TRecordingAnalysisReply>;
  currentSec: number;
  onSeek: (seconds: number) => void;
};

export function RecordingChecks({ analysis, currentSec, onSeek }: Props) {
  const reply = analysis.data;
  if (reply === undefined) {
    if (analysis.error === null) {
      return (
        <Text size="xs" c="dimmed">
          Loading the automatic checks…
        </Text>
      );
    }
    return (
      <Group gap="xs" role="alert">
        <Text size="xs" c="red.8">
          {CHECKS_LOAD_FAILED}: {analysis.error.message}
        </Text>
        <Button size="compact-xs" variant="light" onClick={() => void analysis.refetch()} loading={analysis.isFetching}>
          Retry
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap={4}>
      <CheckChips checks={reply} />
      {reply.status === 'done' && reply.peaks.length > 0 && (
        <Waveform analysis={reply} currentSec={currentSec} onSeek={onSeek} />
      )}
    </Stack>
  );
}
