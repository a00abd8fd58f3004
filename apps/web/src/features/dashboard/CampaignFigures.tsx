// Per-campaign figures for a range of days (docs/guide/dashboard.md): the date filter (today, yesterday, 7 days, a
// range, kept in the address), one card per campaign (its lead figures all time, its attempted and completed calls in
// the range, links to its results and productivity) and a bar chart of the range's calls of all of them.
import { Anchor, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TDashboardCampaign, TDashboardCampaignFigures } from '@crm/shared';
import { dayText } from '../../app/time-zone.ts';
import { useAddressState } from '../../app/use-search-update.ts';
import { DateField } from '../../components/DateField.tsx';
import { formatCount } from '../../components/lead-dates.ts';
import { RetryAlert } from '../../components/QueryState.tsx';
import { SegmentedChoices } from '../../components/SegmentedChoices.tsx';
import { DASHBOARD_KEY, fetchDashboardFigures } from './api.ts';
import { askDashboard, DASHBOARD_ADDRESS, DASHBOARD_PERIODS } from './dashboard-range.ts';

export const FIGURES_FAILED = 'The campaign figures could not be loaded';

/** Share of generated leads with `count` (attempted or completed), 0-100; a campaign with nothing generated is at 0. */
export function shareOfGenerated(c: Pick<TDashboardCampaign, 'generatedLeads'>, count: number): number {
  if (c.generatedLeads === 0) return 0;
  return Math.min(100, Math.round((count / c.generatedLeads) * 100));
}

/** Share of generated leads called at least once (attempted), all time, 0-100. */
export function calledShare(c: TDashboardCampaign): number {
  return shareOfGenerated(c, c.calledLeads);
}

const SERIES = [
  { name: 'attemptedLeads', label: 'Attempted', color: 'orange.6' },
  { name: 'completed', label: 'Completed', color: 'green.7' },
];

/** The address of a campaign's page of another area, for this campaign. */
const campaignPage = (path: string, campaignName: string) =>
  `${path}?${new URLSearchParams({ campaignName }).toString()}`;

function Line({ label, value, title }: { label: string; value: number; title?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" title={title}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {formatCount(value)}
      </Text>
    </Group>
  );
}

function CampaignCard({ campaign, period }: { campaign: TDashboardCampaignFigures; period: string }) {
  const share = calledShare(campaign);
  const completedShare = shareOfGenerated(campaign, campaign.completedLeads);
  const completed = Math.min(share, completedShare);
  const name = campaign.campaignTitle;
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={name}>
      <Text fw={700} truncate="end" title={name}>
        {name}
      </Text>
      <Group gap="sm" mb="xs">
        <Anchor component={Link} size="sm" to={campaignPage('/results', name)} aria-label={`Results of ${name}`}>
          Results
        </Anchor>
        <Anchor
          component={Link}
          size="sm"
          to={campaignPage('/productivity', name)}
          aria-label={`Productivity of ${name}`}
        >
          Productivity
        </Anchor>
      </Group>
      <Stack gap={2}>
        <Line label="Total Leads" value={campaign.totalLeads} />
        <Line label="Generated" value={campaign.generatedLeads} />
        <Line label="Sent to dialer" value={campaign.sentToDialer} />
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" mt={6}>
          {period}
        </Text>
        <Line
          label="Attempted"
          value={campaign.attemptedLeads}
          title={`${formatCount(campaign.attempts)} calls on ${formatCount(campaign.attemptedLeads)} leads`}
        />
        <Line label="Calls" value={campaign.attempts} />
        <Line label="Completed" value={campaign.completed} />
      </Stack>
      {/* All time: completed (green) within attempted (orange): the bar's whole coloured length is the attempted share. */}
      <Progress.Root mt="sm" size="md">
        <Progress.Section value={completed} color="green.7" aria-label={`Completed ${completedShare}% of generated`} />
        <Progress.Section value={share - completed} color="orange" aria-label={`Attempted ${share}% of generated`} />
      </Progress.Root>
      <Text size="xs" c="dimmed" mt={4}>
        All time: attempted {share}% of generated, completed {completedShare}%
      </Text>
    </Paper>
  );
}

export function CampaignFigures() {
  const [filter, update] = useAddressState(DASHBOARD_ADDRESS, { replace: true });
  const ask = askDashboard(filter, dayText());
  const query = ask.kind === 'ask' ? ask.query : null;
  const label = ask.kind === 'ask' ? ask.label : '';
  // The cards stay in place, dimmed, while another range's figures load, each saying the days of its figures.
  const figures = useQuery({
    queryKey: [...DASHBOARD_KEY, 'campaigns', query?.from ?? '', query?.to ?? '', label],
    queryFn: async ({ signal }): Promise<{ period: string; campaigns: TDashboardCampaignFigures[] }> => {
      if (query === null) throw new Error('No range');
      return { period: label, campaigns: await fetchDashboardFigures(query, signal) };
    },
    enabled: query !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

  let body;
  if (ask.kind === 'problem') {
    body = (
      <Text size="sm" c="red" role="alert">
        {ask.problem}
      </Text>
    );
  } else if (figures.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" aria-label="Loading campaign figures">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={200} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (figures.isError) {
    body = <RetryAlert title={FIGURES_FAILED} message={figures.error.message} onRetry={() => void figures.refetch()} />;
  } else if (figures.data.campaigns.length === 0) {
    body = <Text c="dimmed">No campaigns yet.</Text>;
  } else {
    const { period, campaigns } = figures.data;
    body = (
      <Stack
        gap="md"
        aria-busy={figures.isPlaceholderData}
        style={{ opacity: figures.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {campaigns.map((c) => (
            <CampaignCard key={c.campaignTitle} campaign={c} period={period} />
          ))}
        </SimpleGrid>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="campaign-chart-title">
          <Title order={3} size="h4" mb="sm" id="campaign-chart-title">
            Attempted and completed per campaign: {period}
          </Title>
          <BarChart
            h={300}
            data={campaigns}
            dataKey="campaignTitle"
            series={SERIES}
            withLegend
            tickLine="y"
            valueFormatter={formatCount}
          />
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="campaign-figures-title">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Title order={2} size="h3" id="campaign-figures-title">
          Campaigns
        </Title>
        <Group gap="sm" align="flex-end" wrap="nowrap">
          {filter.period === 'range' && (
            <>
              <DateField label="From" w={150} value={filter.from} onChange={(from) => update({ from })} />
              <DateField label="To" w={150} value={filter.to} onChange={(to) => update({ to })} />
            </>
          )}
          <div style={{ minWidth: 300 }}>
            <SegmentedChoices
              label="Days of the calls"
              data={DASHBOARD_PERIODS}
              value={filter.period}
              onChange={(value) => {
                const period = DASHBOARD_PERIODS.find((p) => p.value === value)?.value;
                if (period !== undefined) update({ period });
              }}
            />
          </div>
        </Group>
      </Group>
      {body}
    </Stack>
  );
}
