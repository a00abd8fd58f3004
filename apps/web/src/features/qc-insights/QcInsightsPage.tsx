// /qcInsights (docs/guide/qc-insights.md): a range of call dates and a campaign, then per agent the weekly grade trend and
// weakest criteria, per criterion the marks lost, per inspector the lean and dispute outcomes; each as a chart, a
// table and an xlsx. An inspector's reply holds its own records and line only (the server decides).
import { useState } from 'react';
import '@mantine/charts/styles.css';
import { Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { DateField } from '../../components/DateField.tsx';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { dayText } from '../../app/time-zone.ts';
import { fetchQcInsights, isBusy, qcInsightsKey } from './api.ts';
import { AgentsPanel } from './AgentsPanel.tsx';
import { CriteriaPanel } from './CriteriaPanel.tsx';
import { checkInsightsForm, defaultInsightsForm, type TInsightsForm } from './insight-data.ts';
import { InspectorsPanel } from './InspectorsPanel.tsx';
import { SectionExport } from './SectionExport.tsx';

export const INSIGHTS_FAILED = 'The QC insights could not be loaded';
const BUSY_RETRIES = 5;
const BUSY_RETRY_MS = 1000;

export default function QcInsightsPage() {
  const [form, setForm] = useState<TInsightsForm>(() => defaultInsightsForm(dayText()));
  const check = checkInsightsForm(form);
  const query = check.query;
  const insights = useQuery({
    queryKey: query === null ? ['qc-insights', 'none'] : qcInsightsKey(query),
    queryFn: ({ signal }) =>
      query === null ? Promise.reject(new Error(check.problem ?? '')) : fetchQcInsights(query, signal),
    enabled: query !== null,
    staleTime: 0,
    // One heavy read of a user runs at a time: a range typed while the one before still loads waits for it to go.
    retry: (failures, error) => failures < BUSY_RETRIES && isBusy(error),
    retryDelay: BUSY_RETRY_MS,
  });
  const data = insights.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Title order={1}>QC Insights</Title>
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <DateField
            label="Start"
            w={150}
            value={form.startDate}
            onChange={(startDate) => setForm({ ...form, startDate })}
          />
          <DateField label="End" w={150} value={form.endDate} onChange={(endDate) => setForm({ ...form, endDate })} />
          <CampaignSelect
            label="Campaign"
            w={200}
            value={form.campaignName}
            allLabel="All campaigns"
            onChange={(campaignName) => setForm({ ...form, campaignName })}
          />
          {query !== null && <SectionExport query={query} label="Export all (xlsx)" />}
        </Group>
      </Group>
      {check.problem !== null && (
        <Text size="sm" c="red" role="alert">
          {check.problem}
        </Text>
      )}
      {query !== null && insights.isPending && <LoadingRow />}
      {insights.isError && query !== null && (
        <RetryAlert title={INSIGHTS_FAILED} message={insights.error.message} onRetry={() => void insights.refetch()} />
      )}
      {query !== null && data !== undefined && (
        <Paper withBorder p="sm" radius="md">
          <Tabs defaultValue="agents" keepMounted={false}>
            <Tabs.List mb="sm">
              <Tabs.Tab value="agents">Agents ({data.agents.length})</Tabs.Tab>
              <Tabs.Tab value="criteria">Criteria</Tabs.Tab>
              <Tabs.Tab value="inspectors">Inspectors ({data.inspectors.length})</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="agents">
              <AgentsPanel agents={data.agents} query={query} acknowledgements={data.acknowledgements} />
            </Tabs.Panel>
            <Tabs.Panel value="criteria">
              <CriteriaPanel
                criteria={data.criteria}
                records={data.agents.reduce((n, a) => n + a.records, 0)}
                query={query}
              />
            </Tabs.Panel>
            <Tabs.Panel value="inspectors">
              <InspectorsPanel insights={data} query={query} />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      )}
    </Stack>
  );
}
