// /qcQueue (docs/guide/qc-queue.md): the calls to score next, sampled per agent and day to the campaign's target, oldest
// first; "Score next" (key N) claims one and opens it in the QC panel. A Progress tab shows scored against target per
// agent and day and each inspector's count; admins set each campaign's target and minimum duration. The campaign and
// date filters, the page and its size are kept in the address. The list is in the order Score next takes the calls (a
// hint says so beside the tabs). Laid out for 1366×768: filters and Score next at the top, 15 rows fill the table.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Box, Button, Group, Kbd, NativeSelect, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REFUSAL_CODES } from '@crm/shared';
import { isRefusedAs } from '../../app/refusal.ts';
import { useSession } from '../../app/session.ts';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { DateField } from '../../components/DateField.tsx';
import { Pager } from '../../components/Pager.tsx';
import { pagerState } from '../../components/pager.ts';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { prefetchCall } from '../../components/qc-call/prefetch.ts';
import { QC_QUEUE_KEY, claimNextCall, fetchQueuePage, queuePageKey, releaseClaim } from './api.ts';
import { ProgressView } from './ProgressView.tsx';
import {
  QUEUE_PAGE_SIZES,
  isScoreNextKey,
  panelAddress,
  readQueueParams,
  writeQueueParams,
  type TQueueParams,
} from './queue-params.ts';
import { QueueTable } from './QueueTable.tsx';
import { SettingsCard } from './SettingsCard.tsx';

/** What is left of a 768-pixel-high window under the top bar, title, filters and tabs, less the pager: 15 rows. */
const TABLE_HEIGHT = 'max(220px, calc(100dvh - 245px))';

/** How Score next picks, shown beside the tabs: the list is in this order. */
export const SCORE_NEXT_HINT =
  'Score next takes the first free call: the oldest day, then the agent furthest below target, their oldest call';

export default function QcQueuePage() {
  const [params, setParams] = useSearchParams();
  const state = readQueueParams(params);
  const { page, size, ...filters } = state;
  const update = (change: Partial<TQueueParams>) => setParams(writeQueueParams(state, change));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session } = useSession();
  const isAdmin = session?.role === 'ADMIN';
  const [tab, setTab] = useState<string | null>('queue');

  const queue = useQuery({
    queryKey: queuePageKey(filters, page, size),
    queryFn: () => fetchQueuePage(filters, page, size),
    placeholderData: keepPreviousData,
    // Claims come and go and expire: the list keeps itself current.
    refetchInterval: 30_000,
  });

  const scoreNext = useMutation({
    mutationFn: () => claimNextCall(filters),
    // The claimed row goes along: the panel plays its recording without waiting for its own search. The list is
    // only marked stale (read again when the queue is back on screen): read now, it would compete with the panel.
    onSuccess: (call) => {
      void queryClient.invalidateQueries({ queryKey: QC_QUEUE_KEY, refetchType: 'none' });
      void navigate(panelAddress(call, filters), { state: { claimed: call } });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: QC_QUEUE_KEY }),
  });
  const release = useMutation({
    mutationFn: releaseClaim,
    onSuccess: (reply) => notifications.show({ color: 'green', message: reply.message }),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'The claim was not released', message: error.message }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: QC_QUEUE_KEY }),
  });

  // The call Score next would take is warmed (lead, answers, recordings, the recording's first bytes) while the
  // inspector reads the list; nothing is claimed until Score next.
  const firstFree = queue.data?.response.content.find((call) => call.claim === null);
  useEffect(() => {
    if (firstFree === undefined) return;
    prefetchCall(queryClient, {
      campaignName: firstFree.campaignName,
      consumerNumber: firstFree.phoneNumber,
      callDate: firstFree.callDate,
      fileName: firstFree.fileName,
    });
  }, [firstFree, queryClient]);

  // N anywhere on the page (not while typing in a field) is Score next.
  const startScoring = useRef(() => scoreNext.mutate());
  useEffect(() => {
    startScoring.current = () => {
      if (!scoreNext.isPending) scoreNext.mutate();
    };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isScoreNextKey(event, event.target)) return;
      event.preventDefault();
      startScoring.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const data = queue.data;
  let placeholder = null;
  if (queue.isPending) placeholder = <LoadingRow />;
  else if (queue.isError)
    placeholder = (
      <RetryAlert
        title="The queue could not be loaded"
        message={queue.error.message}
        onRetry={() => void queue.refetch()}
      />
    );
  else if (data?.response.content.length === 0) {
    placeholder = (
      <Text ta="center" c="dimmed" py="lg">
        No call left to score{filters.campaignName || filters.date ? ' with these filters' : ''}
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Title order={1}>QC Queue</Title>
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <CampaignSelect
            value={filters.campaignName}
            onChange={(campaignName) => update({ campaignName })}
            allLabel="All campaigns"
            w={220}
          />
          <DateField
            label="Call date"
            value={filters.date}
            onChange={(date) => update({ date })}
            clearLabel="Clear the call date"
            w={170}
          />
          <NativeSelect
            label="Show entries"
            w={110}
            value={String(size)}
            data={QUEUE_PAGE_SIZES.map(String)}
            onChange={(event) => update({ size: Number(event.currentTarget.value) })}
          />
          <Button
            onClick={() => scoreNext.mutate()}
            loading={scoreNext.isPending}
            rightSection={<Kbd size="xs">N</Kbd>}
            aria-keyshortcuts="N"
            aria-describedby="score-next-hint"
          >
            Score next
          </Button>
        </Group>
      </Group>
      {scoreNext.error !== null && (
        <Alert
          color={isRefusedAs(scoreNext.error, REFUSAL_CODES.noCallLeft) ? 'blue' : 'red'}
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => scoreNext.reset()}
        >
          {scoreNext.error.message}
        </Alert>
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Box pos="relative">
          <Tabs.List>
            <Tabs.Tab value="queue">Queue{data ? ` (${data.recordCount})` : ''}</Tabs.Tab>
            <Tabs.Tab value="progress">Progress</Tabs.Tab>
            {isAdmin && <Tabs.Tab value="settings">Settings</Tabs.Tab>}
          </Tabs.List>
          <Text
            id="score-next-hint"
            size="xs"
            c="dimmed"
            pos="absolute"
            right={0}
            top={10}
            style={{ pointerEvents: 'none' }}
          >
            {SCORE_NEXT_HINT}
          </Text>
        </Box>
        <Tabs.Panel value="queue" pt="sm">
          <Stack gap="sm">
            <QueueTable
              calls={data?.response.content ?? []}
              placeholder={placeholder}
              maxHeight={TABLE_HEIGHT}
              canReleaseAny={isAdmin}
              releasing={release.isPending ? (release.variables ?? null) : null}
              onRelease={(id) => release.mutate(id)}
            />
            {(data?.recordCount ?? 0) > size && (
              <Pager pager={pagerState(page, size, data?.recordCount ?? 0)} onPage={(next) => update({ page: next })} />
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="progress" pt="sm">
          <ProgressView filters={filters} />
        </Tabs.Panel>
        {isAdmin && (
          <Tabs.Panel value="settings" pt="sm">
            <SettingsCard />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
