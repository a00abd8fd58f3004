// "Call Records": the recordings of the number on the call date (file, agent, time, length from the server), each
// with its automatic checks (chips) and a Play button that loads it into the scoring player (which stays in view
// over the scorecard); above them, the filters and order by those checks.
import { memo } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { TVoiceFile, TVoiceLogPage } from '@crm/shared';
import { formatDateTime } from '../../../app/time-zone.ts';
import { Pager } from '../../../components/Pager.tsx';
import { pagerState } from '../../../components/pager.ts';
import { useRecordingAnalysis } from '../../../components/recording/api.ts';
import { CheckChips } from '../../../components/CheckChips.tsx';
import { hasFilter, useRecordingFilters } from './recording-filters.ts';
import { RecordingFilters, RecordingSort } from './RecordingFilters.tsx';
import type { TSearched } from './qc-panel-state.ts';
import type { TQueryView } from './query-view.ts';

export const NO_RECORDINGS = 'No recordings of this number on the call date.';
export const NO_MATCHING_RECORDINGS = 'No recordings of this number on the call date match the filters.';

type Props = {
  search: TSearched;
  recordings: TQueryView<TVoiceLogPage>;
  page: number;
  onPage: (page: number) => void;
  chosen: TVoiceFile | null;
  onChoose: (file: TVoiceFile) => void;
};

/** The voice log's wall-clock text (from the file names: already the call centre's clock), e.g. 2026-11-17 10:15:00. */
const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/;

/**
 * yyyy-MM-dd HH:mm:ss on the call centre's clock: wall-clock text as it is written, a time with its offset (an
 * external voice log's ISO time) in the call centre's zone; anything else as sent.
 */
export function recordingTime(dateTime: string | null): string {
  if (dateTime === null || dateTime.trim() === '') return '—';
  const text = dateTime.trim();
  const wall = WALL_CLOCK.exec(text);
  if (wall) return `${wall[1]} ${wall[2]}${wall[3] ?? ':00'}`;
  return /\d[T ]\d{2}:\d{2}.*(Z|[+-]\d{2}:?\d{2})$/.test(text) ? formatDateTime(text) : text;
}

export function durationText(seconds: number | null): string {
  return seconds === null ? 'Unknown' : `${seconds} seconds`;
}

/** A recording's chips; one still being analysed is asked about every few seconds until it is done. */
function RowChecks({ date, file }: { date: string; file: TVoiceFile }) {
  const live = useRecordingAnalysis(file.checks?.status === 'pending' ? { date, fileName: file.fileName } : null);
  const checks = live.data ?? file.checks;
  return checks === null ? null : <CheckChips checks={checks} />;
}

type TRowsProps = {
  date: string;
  files: TVoiceFile[];
  chosen: TVoiceFile | null;
  onChoose: (file: TVoiceFile) => void;
};

/** One line per recording (file names are long): the file, then agent, time and length, its checks, and its Play button. */
function RecordingRows({ date, files, chosen, onChoose }: TRowsProps) {
  return (
    <Stack gap={0} component="ul" aria-label="Recordings" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {files.map((file) => {
        const isChosen = chosen?.fileName === file.fileName;
        return (
          <Group
            key={file.fileName}
            component="li"
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            px="xs"
            py={6}
            aria-current={isChosen ? 'true' : undefined}
            bg={isChosen ? 'blue.0' : undefined}
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                <Text span size="sm" c="dimmed">
                  File name:{' '}
                </Text>
                {file.fileName}
              </Text>
              <Text size="xs" c="dimmed">
                Agent ID: {file.agentId === '' ? '—' : file.agentId} · Time: {recordingTime(file.dateTime)} · Duration:{' '}
                {durationText(file.duration)}
              </Text>
              <RowChecks date={date} file={file} />
            </Stack>
            <Button
              size="xs"
              variant={isChosen ? 'filled' : 'light'}
              aria-label={`Play ${file.fileName}`}
              onClick={() => onChoose(file)}
              style={{ flexShrink: 0 }}
            >
              Play
            </Button>
          </Group>
        );
      })}
    </Stack>
  );
}

// Memoised: the player's and the scorecard's updates leave the list as it is (the panel passes stable props).
export const RecordingsCard = memo(function RecordingsCard({
  search,
  recordings,
  page,
  onPage,
  chosen,
  onChoose,
}: Props) {
  const data = recordings.data;
  const [filters, setFilters] = useRecordingFilters();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Call Records">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" style={{ whiteSpace: 'nowrap' }}>
            Call Records
          </Title>
          <Group gap="xs" wrap="nowrap">
            {recordings.isFetching && <Loader size="xs" aria-label="Loading recordings" />}
            <RecordingSort filters={filters} onChange={setFilters} />
          </Group>
        </Group>
        <RecordingFilters filters={filters} onChange={setFilters} />
        {recordings.error !== null ? (
          <Alert color="red" variant="light" title="The recordings could not be searched" role="alert">
            <Group gap="xs">
              <Text size="sm">{recordings.error.message}</Text>
              <Button size="compact-sm" variant="light" onClick={() => void recordings.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        ) : data === undefined ? (
          <Text size="sm" c="dimmed">
            Searching recordings…
          </Text>
        ) : data.content.length === 0 ? (
          <Text size="sm" c="dimmed">
            {hasFilter(filters) ? NO_MATCHING_RECORDINGS : NO_RECORDINGS} ({search.consumerNumber}, {search.callDate})
          </Text>
        ) : (
          <>
            <RecordingRows date={search.callDate} files={data.content} chosen={chosen} onChoose={onChoose} />
            {data.totalElements > data.size && (
              <Pager pager={pagerState(page, data.size, data.totalElements)} onPage={onPage} />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
});
