// /results (docs/guide/results.md): how a campaign's survey is answering, for admins (any campaign) and client accounts
// (their own). One filter bar kept in view, everything in the address; Questions, Cross-tab, Where calls end and Quotas
// under the same filters; xlsx and CSV exports of them.
import '@mantine/charts/styles.css';
import { Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session.ts';
import { useAddressState } from '../../app/use-search-update.ts';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { fetchResults, isBusy, resultsKey } from './api.ts';
import { CrosstabPanel } from './CrosstabPanel.tsx';
import { EndedAtPanel } from './EndedAtPanel.tsx';
import { FilterBar, useLeadFields } from './FilterBar.tsx';
import { QuestionsPanel } from './QuestionsPanel.tsx';
import { QuotasPanel } from './QuotasPanel.tsx';
import { RESULTS_ADDRESS, RESULT_TABS, filtersProblem, type TResultsTab } from './results-params.ts';

export const RESULTS_FAILED = 'The results could not be loaded';
const BUSY_RETRIES = 5;
const BUSY_RETRY_MS = 1000;

const isTab = (value: string | null): value is TResultsTab =>
  (RESULT_TABS as readonly (string | null)[]).includes(value);

export default function ResultsPage() {
  const { session } = useSession();
  const isClient = session?.role === 'CLIENT';
  const [params, update] = useAddressState(RESULTS_ADDRESS);
  // What the screen settles by itself (an agent the campaign lacks let go) replaces the entry: Back goes past it.
  const [, settle] = useAddressState(RESULTS_ADDRESS, { replace: true });
  const { ref: barRef, height: barHeight } = useElementSize<HTMLDivElement>();
  const problem = filtersProblem(params);
  const ready = params.campaignName !== '' && problem === null;
  const results = useQuery({
    queryKey: resultsKey(params),
    queryFn: ({ signal }) => fetchResults(params, signal),
    enabled: ready,
    staleTime: 0,
    // A filter changed while the last figures still show: they stay until the new ones arrive.
    placeholderData: keepPreviousData,
    // One heavy read of a user runs at a time: a filter changed while the one before still loads waits for it to go.
    retry: (failures, error) => failures < BUSY_RETRIES && isBusy(error),
    retryDelay: BUSY_RETRY_MS,
  });
  const leadFields = useLeadFields(params.campaignName, isClient);
  const data = ready ? results.data : undefined;
  const stale = results.isPlaceholderData;

  return (
    <Stack gap="sm">
      <Title order={1}>Survey Results</Title>
      <FilterBar
        ref={barRef}
        params={params}
        update={update}
        settle={settle}
        isClient={isClient}
        leadFields={leadFields}
        calls={data?.calls}
        ready={ready}
        problem={
          problem !== null && (
            <Text size="sm" c="red" role="alert">
              {problem}
            </Text>
          )
        }
      />
      {params.campaignName === '' && (
        <Text size="sm" role="status">
          {isClient
            ? 'Pick one of your campaigns above to see how its survey is answering.'
            : 'Pick a campaign above to see how its survey is answering.'}
        </Text>
      )}
      {ready && results.isPending && <LoadingRow />}
      {ready && results.isError && (
        <RetryAlert title={RESULTS_FAILED} message={results.error.message} onRetry={() => void results.refetch()} />
      )}
      {data !== undefined && !results.isError && (
        <Paper withBorder p="sm" radius="md" style={{ opacity: stale ? 0.6 : 1 }} aria-busy={stale}>
          {data.calls === 0 && (
            <Text size="sm" role="status" mb="sm">
              No calls match these filters. Widen the dates, or clear Completed only, QC-passed only or a field.
            </Text>
          )}
          <Tabs
            value={params.tab}
            onChange={(tab) => {
              if (isTab(tab)) update({ tab });
            }}
            keepMounted={false}
          >
            <Tabs.List mb="sm">
              <Tabs.Tab value="questions">Questions ({data.questions.length})</Tabs.Tab>
              <Tabs.Tab value="crosstab">Cross-tab</Tabs.Tab>
              <Tabs.Tab value="ended">Where calls end</Tabs.Tab>
              <Tabs.Tab value="quotas">Quotas ({data.quotas.length})</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="questions">
              <QuestionsPanel questions={data.questions} filters={params} stickyTop={barHeight + 20} />
            </Tabs.Panel>
            <Tabs.Panel value="crosstab">
              <CrosstabPanel
                filters={params}
                params={params}
                update={update}
                questions={data.questions}
                leadFields={leadFields}
              />
            </Tabs.Panel>
            <Tabs.Panel value="ended">
              <EndedAtPanel endedAt={data.endedAt} questions={data.questions} />
            </Tabs.Panel>
            <Tabs.Panel value="quotas">
              <QuotasPanel quotas={data.quotas} from={params.from} to={params.to} />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      )}
    </Stack>
  );
}
