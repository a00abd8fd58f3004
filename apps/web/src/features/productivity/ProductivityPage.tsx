// /productivity (docs/guide/productivity.md): per agent, agent × day, shift, campaign or day over today, yesterday, this
// week or two days typed; a sortable table with its totals, a chart of calls and completes beside a chart of calls per
// day by agent, the xlsx of every grouping;
// and the floor now (features/floor, composed in by app/pages.tsx) in a tab beside. Everything kept in the address.
import type { ComponentType } from 'react';
import '@mantine/charts/styles.css';
import { Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  PRODUCTIVITY_GROUPINGS,
  PRODUCTIVITY_GROUPING_LABELS,
  type TProductivity,
  type TProductivityQuery,
} from '@crm/shared';
import { dayText } from '../../app/time-zone.ts';
import { useAddressState } from '../../app/use-search-update.ts';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { DateField } from '../../components/DateField.tsx';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { SegmentedChoices } from '../../components/SegmentedChoices.tsx';
import { fetchProductivity, isBusy, productivityKey, startProductivityExport } from './api.ts';
import {
  PRODUCTIVITY_ADDRESS,
  PRODUCTIVITY_PERIODS,
  askProductivity,
  type TProductivityState,
} from './productivity-address.ts';
import { formatNumber, rowName } from './productivity-table.ts';
import { ProductivityTable } from './ProductivityTable.tsx';
import { agentDayChart } from './agent-day-chart.ts';

export type TProductivityPageProps = {
  /** The live floor (features/floor), composed in by app/pages.tsx. */
  FloorPanel: ComponentType;
};

export const PRODUCTIVITY_FAILED = 'The productivity figures could not be loaded';
export const EXPORT_FAILED = 'The export could not start';
const BUSY_RETRIES = 5;
const BUSY_RETRY_MS = 1000;
const GROUPING_CHOICES = PRODUCTIVITY_GROUPINGS.map((g) => ({ value: g, label: PRODUCTIVITY_GROUPING_LABELS[g] }));
const SERIES = [
  { name: 'calls', label: 'Calls', color: 'orange.6' },
  { name: 'completed', label: 'Completed', color: 'green.7' },
];

function CallsChart({ data, groupBy }: { data: TProductivity; groupBy: TProductivityState['groupBy'] }) {
  const points = data.rows.map((r) => ({ name: rowName(r, groupBy), calls: r.calls, completed: r.completed }));
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="productivity-chart-title">
      <Text fw={600} size="sm" id="productivity-chart-title" mb={4}>
        Calls and completed per {PRODUCTIVITY_GROUPING_LABELS[groupBy].toLowerCase()} (the table above holds the
        figures)
      </Text>
      <BarChart
        h={240}
        data={points}
        dataKey="name"
        series={SERIES}
        withLegend
        tickLine="y"
        valueFormatter={(v: number) => formatNumber(v)}
        aria-hidden
      />
    </Paper>
  );
}

/**
 * Calls per day stacked by agent: the agent × day figures of the same days and campaign (the table's own query when
 * it is grouped so, else one more read of that grouping).
 */
function AgentDayChart({ query }: { query: TProductivityQuery }) {
  const agentDay = { ...query, groupBy: 'agentDay' as const };
  const figures = useQuery({
    queryKey: productivityKey(agentDay),
    queryFn: ({ signal }) => fetchProductivity(agentDay, signal),
    staleTime: 0,
    retry: (failures, error) => failures < BUSY_RETRIES && isBusy(error),
    retryDelay: BUSY_RETRY_MS,
  });
  const chart = figures.data === undefined ? null : agentDayChart(figures.data.rows, query.from, query.to);
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="productivity-agent-day-title">
      <Text fw={600} size="sm" id="productivity-agent-day-title" mb={4}>
        Calls per day by agent (Agent × day in the table holds the figures)
      </Text>
      {figures.isError ? (
        <Text size="sm" c="red" role="alert">
          {PRODUCTIVITY_FAILED}: {figures.error.message}
        </Text>
      ) : chart === null ? (
        <LoadingRow />
      ) : (
        <BarChart
          h={240}
          data={chart.points}
          dataKey="day"
          type="stacked"
          series={chart.series}
          withLegend
          legendProps={{ wrapperStyle: { maxHeight: 48, overflowY: 'auto' } }}
          tickLine="y"
          valueFormatter={(v: number) => formatNumber(v)}
          aria-hidden
        />
      )}
    </Paper>
  );
}

function Figures({
  state,
  update,
}: {
  state: TProductivityState;
  update: (change: Partial<TProductivityState>) => void;
}) {
  const ask = askProductivity(state, dayText());
  const query = ask.kind === 'ask' ? ask.query : null;
  const figures = useQuery({
    queryKey: query === null ? ['productivity', 'none'] : productivityKey(query),
    queryFn: ({ signal }) =>
      query === null ? Promise.reject(new Error('No range')) : fetchProductivity(query, signal),
    enabled: query !== null,
    staleTime: 0,
    // One heavy read of a user runs at a time: a range chosen while the one before still loads waits for it to go.
    retry: (failures, error) => failures < BUSY_RETRIES && isBusy(error),
    retryDelay: BUSY_RETRY_MS,
  });
  const exporter = useMutation({
    mutationFn: () => (query === null ? Promise.reject(new Error('No range')) : startProductivityExport(query)),
  });
  const data = figures.data;
  return (
    <Stack gap="sm">
      <Paper
        p="xs"
        withBorder
        radius="md"
        style={{ position: 'sticky', top: 'var(--app-shell-header-offset, 0px)', zIndex: 3 }}
        aria-label="Filters"
        component="section"
      >
        <Group gap="sm" align="flex-end" wrap="nowrap" justify="space-between">
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <div style={{ minWidth: 290 }}>
              <SegmentedChoices
                label="Days"
                data={PRODUCTIVITY_PERIODS}
                value={state.period}
                onChange={(value) => {
                  const period = PRODUCTIVITY_PERIODS.find((p) => p.value === value)?.value;
                  if (period !== undefined) update({ period });
                }}
              />
            </div>
            {state.period === 'custom' && (
              <>
                <DateField label="From" w={140} value={state.from} onChange={(from) => update({ from })} />
                <DateField label="To" w={140} value={state.to} onChange={(to) => update({ to })} />
              </>
            )}
            <CampaignSelect
              label="Campaign"
              w={180}
              value={state.campaignName}
              allLabel="All campaigns"
              onChange={(campaignName) => update({ campaignName })}
            />
          </Group>
          <Group gap="xs" wrap="nowrap">
            {exporter.isError && (
              <Text size="sm" c="red" role="alert">
                {EXPORT_FAILED}: {exporter.error.message}
              </Text>
            )}
            {exporter.isSuccess && (
              <Text size="sm" c="dimmed" role="status">
                Saving {exporter.data}
              </Text>
            )}
            <Button disabled={query === null} loading={exporter.isPending} onClick={() => exporter.mutate()}>
              Export (xlsx)
            </Button>
          </Group>
        </Group>
        <Group gap="sm" mt="xs" wrap="nowrap" justify="space-between">
          <div style={{ minWidth: 420 }}>
            <SegmentedChoices
              label="Group by"
              data={GROUPING_CHOICES}
              value={state.groupBy}
              onChange={(value) => {
                const groupBy = PRODUCTIVITY_GROUPINGS.find((g) => g === value);
                if (groupBy !== undefined) update({ groupBy });
              }}
            />
          </div>
          {ask.kind === 'ask' && (
            <Text size="sm" c="dimmed" role="status">
              {ask.label}
              {data !== undefined &&
                ` · ${formatNumber(data.totals.agents)} agents · ${formatNumber(data.totals.calls)} calls`}
            </Text>
          )}
        </Group>
      </Paper>
      {ask.kind === 'problem' && (
        <Text size="sm" c="red" role="alert">
          {ask.problem}
        </Text>
      )}
      {query !== null && figures.isPending && <LoadingRow />}
      {query !== null && figures.isError && (
        <RetryAlert
          title={PRODUCTIVITY_FAILED}
          message={figures.error.message}
          onRetry={() => void figures.refetch()}
        />
      )}
      {query !== null && data !== undefined && (
        <>
          {data.rows.length === 0 ? (
            <Text size="sm" role="status">
              No sign-ins, calls or QC records in these days.
            </Text>
          ) : (
            <ProductivityTable
              data={data}
              groupBy={query.groupBy}
              sort={state.sort}
              desc={state.desc}
              onSort={(sort, desc) => update({ sort, desc })}
            />
          )}
          {data.rows.length > 0 && (
            <SimpleGrid cols={2} spacing="sm" aria-label="Charts">
              <CallsChart data={data} groupBy={query.groupBy} />
              <AgentDayChart query={query} />
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  );
}

export default function ProductivityPage({ FloorPanel }: TProductivityPageProps) {
  const [state, update] = useAddressState(PRODUCTIVITY_ADDRESS, { replace: true });
  return (
    <Stack gap="sm">
      <Title order={1}>Productivity</Title>
      <Tabs
        value={state.tab}
        keepMounted={false}
        onChange={(tab) => update({ tab: tab === 'floor' ? 'floor' : 'figures' })}
      >
        <Tabs.List mb="sm">
          <Tabs.Tab value="figures">Figures</Tabs.Tab>
          <Tabs.Tab value="floor">Floor now</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="figures">
          <Figures state={state} update={update} />
        </Tabs.Panel>
        <Tabs.Panel value="floor">
          <FloorPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
