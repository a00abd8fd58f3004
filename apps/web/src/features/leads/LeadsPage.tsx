// /leads (docs/product.md §2 Leads): Upload CSV, the ways to generate, regenerate and delete, one row per campaign's lead table
// with its figures and template, and the lead browser of the campaign chosen.
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TDashboardCampaign, TDataTable } from '@crm/shared';
import { DataList, type DataListColumn } from '../../components/DataList.tsx';
import { DASHBOARD_KEY, DATA_TABLE_LIST_KEY } from '../../app/query-keys.ts';
import { fetchCampaignFigures, fetchDataTablePage, searchDataTables } from '../../components/list-reads.ts';
import { formatDateTime } from '../../app/time-zone.ts';
import { downloadLeadTemplate } from './api.ts';
import { LeadBrowser } from './LeadBrowser.tsx';
import { UploadLeadsButton } from './UploadLeadsModal.tsx';

/** The dashboard's per-campaign figures; the dashboard shares the query, so an upload refreshes both. */
const FIGURES_KEY = [...DASHBOARD_KEY, 'campaigns'] as const;

function useFigures() {
  return useQuery({ queryKey: FIGURES_KEY, queryFn: fetchCampaignFigures, staleTime: 0 });
}

function LeadFigure({
  campaign,
  figure,
}: {
  campaign: string;
  figure: keyof Omit<TDashboardCampaign, 'campaignTitle'>;
}) {
  const figures = useFigures();
  if (figures.isPending) return <Loader size="xs" aria-label="Loading lead figures" />;
  if (figures.isError) return '—';
  const row =
    figures.data.find((f) => f.campaignTitle === campaign) ??
    figures.data.find((f) => f.campaignTitle.toLowerCase() === campaign.toLowerCase());
  return (row?.[figure] ?? 0).toLocaleString('en-US');
}

function FiguresProblem() {
  const figures = useFigures();
  if (!figures.isError) return null;
  return (
    <Alert color="red" variant="light" role="alert" title="The lead figures could not be loaded">
      <Group justify="space-between">
        {figures.error.message}
        <Button size="xs" color="red" variant="light" onClick={() => void figures.refetch()}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}

const COLUMNS: DataListColumn<TDataTable>[] = [
  { key: 'campaignName', header: 'Campaign' },
  { key: 'total', header: 'Total leads', render: (t) => <LeadFigure campaign={t.campaignName} figure="totalLeads" /> },
  {
    key: 'generated',
    header: 'Generated',
    render: (t) => <LeadFigure campaign={t.campaignName} figure="generatedLeads" />,
  },
  // Called: with a call attempt; Completed: the survey finished (docs/guide/call-loop.md).
  { key: 'called', header: 'Called', render: (t) => <LeadFigure campaign={t.campaignName} figure="calledLeads" /> },
  {
    key: 'completed',
    header: 'Completed',
    render: (t) => <LeadFigure campaign={t.campaignName} figure="completedLeads" />,
  },
  { key: 'createAt', header: 'Table created', render: (t) => formatDateTime(t.createAt) },
];

export default function LeadsPage() {
  const [browsing, setBrowsing] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      <Title order={1}>Leads</Title>
      <Group gap="sm">
        <UploadLeadsButton />
        <Button component={Link} to="/generateLead" variant="default">
          Generate leads
        </Button>
        <Button component={Link} to="/reGenerateLead" variant="default">
          Regenerate leads
        </Button>
        <Button component={Link} to="/deleteLeads" variant="default" color="red">
          Delete leads
        </Button>
      </Group>
      <FiguresProblem />
      <DataList
        label="Lead List"
        queryKey={DATA_TABLE_LIST_KEY}
        columns={COLUMNS}
        fetchPage={fetchDataTablePage}
        search={searchDataTables}
        rowKey={(t) => t.id}
        minWidth={800}
        actions={(t) => (
          <Group gap="sm" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="subtle"
              aria-label={`Download the ${t.campaignName} template`}
              title="Download the file to fill in and upload"
              onClick={() => void downloadLeadTemplate(t.campaignName).catch(() => undefined)}
            >
              Template
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              aria-label={`Browse the leads of ${t.campaignName}`}
              onClick={() => setBrowsing(t.campaignName)}
            >
              Browse
            </Button>
          </Group>
        )}
      />
      {browsing !== null && <LeadBrowser key={browsing} campaign={browsing} onClose={() => setBrowsing(null)} />}
    </Stack>
  );
}
