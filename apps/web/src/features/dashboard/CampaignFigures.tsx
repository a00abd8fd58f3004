// Per-campaign lead figures: one card each (total, generated, called, completed, sent to the dialer, progress) and a bar
// chart of the lead figures of all of them. Called is attempted (a call ended with a disposition), Completed the survey
// finished (docs/guide/call-loop.md).
import { Alert, Button, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { useQuery } from '@tanstack/react-query';
import type { TDashboardCampaign } from '@crm/shared';
import { DASHBOARD_KEY, fetchCampaignFigures } from './api.ts';

/** Share of generated leads with `count` (called or completed), 0-100; a campaign with nothing generated is at 0. */
export function shareOfGenerated(c: Pick<TDashboardCampaign, 'generatedLeads'>, count: number): number {
  if (c.generatedLeads === 0) return 0;
  return Math.min(100, Math.round((count / c.generatedLeads) * 100));
}

/** Share of generated leads already called (attempted), 0-100. */
export function calledShare(c: TDashboardCampaign): number {
  return shareOfGenerated(c, c.calledLeads);
}

const SERIES = [
  { name: 'totalLeads', label: 'Total leads', color: 'indigo.6' },
  // Generated in gray, so Completed's green (as on the cards' bars) stands apart.
  { name: 'generatedLeads', label: 'Generated', color: 'gray.5' },
  { name: 'calledLeads', label: 'Called', color: 'orange.6' },
  { name: 'completedLeads', label: 'Completed', color: 'green.7' },
];

function CampaignCard({ campaign }: { campaign: TDashboardCampaign }) {
  const share = calledShare(campaign);
  const completed = Math.min(share, shareOfGenerated(campaign, campaign.completedLeads));
  const rows: [string, number][] = [
    ['Total Leads', campaign.totalLeads],
    ['Generated', campaign.generatedLeads],
    ['Called', campaign.calledLeads],
    ['Completed', campaign.completedLeads],
    ['Sent to dialer', campaign.sentToDialer],
  ];
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={campaign.campaignTitle}>
      <Text fw={700} mb="xs" truncate="end" title={campaign.campaignTitle}>
        {campaign.campaignTitle}
      </Text>
      <Stack gap={2}>
        {rows.map(([label, value]) => (
          <Group key={label} justify="space-between">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={600}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      {/* Completed (green) within called (orange): the bar's whole coloured length is the called share. */}
      <Progress.Root mt="sm" size="md">
        <Progress.Section
          value={completed}
          color="green.7"
          aria-label={`Completed ${shareOfGenerated(campaign, campaign.completedLeads)}% of generated`}
        />
        <Progress.Section value={share - completed} color="orange" aria-label={`Called ${share}% of generated`} />
      </Progress.Root>
      <Text size="xs" c="dimmed" mt={4}>
        Called {share}% of generated, completed {shareOfGenerated(campaign, campaign.completedLeads)}%
      </Text>
    </Paper>
  );
}

export function CampaignFigures() {
  const query = useQuery({ queryKey: [...DASHBOARD_KEY, 'campaigns'], queryFn: fetchCampaignFigures, staleTime: 0 });
  if (query.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" aria-label="Loading campaign figures">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={150} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="The campaign figures could not be loaded">
        <Group justify="space-between">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" color="red" variant="light" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  const campaigns = query.data;
  if (campaigns.length === 0) return <Text c="dimmed">No campaigns yet.</Text>;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {campaigns.map((c) => (
          <CampaignCard key={c.campaignTitle} campaign={c} />
        ))}
      </SimpleGrid>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="campaign-chart-title">
        <Title order={2} size="h4" mb="sm" id="campaign-chart-title">
          Leads per campaign
        </Title>
        <BarChart h={300} data={campaigns} dataKey="campaignTitle" series={SERIES} withLegend tickLine="y" />
      </Paper>
    </Stack>
  );
}
