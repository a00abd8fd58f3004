// "Call Records": the recordings of the number on the call date (file, agent, time, length from the server), a Play
// button on each, the player of the chosen one and the successful-call tick (spec §4 QC panel audio tick).
import { ActionIcon, Alert, Button, Group, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { QC_MESSAGES, type TVoiceFile, type TVoiceLogPage } from '@crm/shared';
import { Pager } from '../../../components/Pager.tsx';
import { pagerState } from '../../../components/pager.ts';
import { RecordingPlayer } from '../../voicelog/RecordingPlayer.tsx';
import type { TSearched } from './use-qc-panel.ts';
import type { TTick } from './tick.ts';

export const TICK_LABEL = 'Successful call';
export const NO_RECORDINGS = 'No recordings of this number on the call date.';

const TICK_GREY = '#808080';

type Props = {
  search: TSearched;
  recordings: UseQueryResult<TVoiceLogPage>;
  page: number;
  onPage: (page: number) => void;
  chosen: TVoiceFile | null;
  onChoose: (file: TVoiceFile) => void;
  onMetadata: (fileName: string, seconds: number) => void;
  tick: TTick;
  onTick: () => void;
};

/** yyyy-MM-dd HH:mm:ss in the browser's zone when the server's time is readable, else as sent. */
export function recordingTime(dateTime: string | null): string {
  if (dateTime === null || dateTime.trim() === '') return '—';
  const parsed = dayjs(dateTime);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD HH:mm:ss') : dateTime;
}

export function durationText(seconds: number | null): string {
  return seconds === null ? 'Unknown' : `${seconds} seconds`;
}

function tickText(tick: TTick): string {
  switch (tick.kind) {
    case 'none':
      return 'Play a recording to mark the call successful.';
    case 'loading':
      return 'Waiting for the recording to load…';
    case 'ready':
      return `Listened to ${tick.fileName} (${tick.seconds} seconds): click the tick to mark it successful.`;
    case 'ticked':
      return `Successful call: ${tick.fileName}, ${tick.seconds} seconds. It is linked to the records when you submit.`;
  }
}

function CheckIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 12.5l5 5L20 6.5" />
    </svg>
  );
}

export function SuccessTick({ tick, onTick }: { tick: TTick; onTick: () => void }) {
  const ticked = tick.kind === 'ticked';
  const ready = tick.kind === 'ready' || ticked;
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Tooltip label={QC_MESSAGES.tickTooltip} withArrow position="right">
        <ActionIcon
          size="xl"
          radius="xl"
          variant="filled"
          color={ticked ? 'green' : TICK_GREY}
          aria-label={TICK_LABEL}
          aria-pressed={ticked}
          data-state={tick.kind}
          // Still clickable before the length is known: the click says why nothing happened.
          style={{ cursor: ready ? 'pointer' : 'not-allowed' }}
          onClick={onTick}
        >
          <CheckIcon />
        </ActionIcon>
      </Tooltip>
      <Text size="sm" c={ticked ? 'green.8' : 'dimmed'} aria-live="polite">
        {tickText(tick)}
      </Text>
    </Group>
  );
}

/** One line per recording (file names are long): the file, then agent, time and length, and its Play button. */
function RecordingRows({ files, chosen, onChoose }: { files: TVoiceFile[]; chosen: TVoiceFile | null; onChoose: (file: TVoiceFile) => void }) {
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
                Agent ID: {file.agentId === '' ? '—' : file.agentId} · Time: {recordingTime(file.dateTime)} · Duration: {durationText(file.duration)}
              </Text>
            </Stack>
            <Button size="xs" variant={isChosen ? 'filled' : 'light'} aria-label={`Play ${file.fileName}`} onClick={() => onChoose(file)} style={{ flexShrink: 0 }}>
              Play
            </Button>
          </Group>
        );
      })}
    </Stack>
  );
}

export function RecordingsCard({ search, recordings, page, onPage, chosen, onChoose, onMetadata, tick, onTick }: Props) {
  const data = recordings.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Call Records">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Call Records
          </Title>
          {recordings.isFetching && <Loader size="xs" aria-label="Loading recordings" />}
        </Group>
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
            {NO_RECORDINGS} ({search.consumerNumber}, {search.callDate})
          </Text>
        ) : (
          <>
            <RecordingRows files={data.content} chosen={chosen} onChoose={onChoose} />
            {data.totalElements > data.size && <Pager pager={pagerState(page, data.size, data.totalElements)} onPage={onPage} />}
          </>
        )}
        {chosen !== null && (
          <RecordingPlayer
            date={search.callDate}
            fileName={chosen.fileName}
            label={`Recording ${chosen.fileName}`}
            autoPlay
            onMetadata={(seconds) => onMetadata(chosen.fileName, seconds)}
          />
        )}
        <SuccessTick tick={tick} onTick={onTick} />
      </Stack>
    </Paper>
  );
}
