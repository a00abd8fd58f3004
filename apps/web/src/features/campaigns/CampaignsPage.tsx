// /campaign (docs/product.md §2 Campaigns list): the paged, searchable list with lead counts, the Add Campaign modal, edit links and delete.
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { deleteConfirmation, type TCampaign } from '@crm/shared';
import { DataList, type DataListColumn } from '../../components/DataList.tsx';
import { useDeleteRow } from '../../components/use-delete-row.ts';
import { AddCampaignModal } from './AddCampaignModal.tsx';
import {
  CAMPAIGN_LIST_KEY,
  CAMPAIGNS_KEY,
  deleteCampaign,
  fetchCampaignPage,
  fetchLeadCounts,
  LEAD_COUNTS_KEY,
  searchCampaigns,
} from './api.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';

function LeadCount({ name }: { name: string }) {
  const counts = useQuery({ queryKey: LEAD_COUNTS_KEY, queryFn: fetchLeadCounts, staleTime: 0 });
  if (counts.isPending) return <Loader size="xs" aria-label="Loading lead count" />;
  // docs/product.md §8: a count that cannot be read shows as 0.
  return (counts.data?.[name] ?? 0).toLocaleString('en-US');
}

const COLUMNS: DataListColumn<TCampaign>[] = [
  { key: 'campaignId', header: 'Code' },
  { key: 'campaignName', header: 'Name' },
  { key: 'campaignType', header: 'Type' },
  { key: 'callTarget', header: 'Call target' },
  {
    key: 'status',
    header: 'Status',
    render: (c) => <StatusBadge active={c.status} />,
  },
  { key: 'leads', header: 'Leads', render: (c) => <LeadCount name={c.campaignName} /> },
];

export default function CampaignsPage() {
  const [adding, setAdding] = useState(false);
  // A refusal (a data table or leads still attached) is shown with the server's reason.
  const remove = useDeleteRow<TCampaign>({
    confirmBody: (c) => deleteConfirmation(c.campaignName),
    remove: (c) => deleteCampaign(c.id),
    notice: (c) => `Campaign "${c.campaignName}" deleted.`,
    reload: [CAMPAIGNS_KEY],
  });

  return (
    <Stack gap="lg">
      <Title order={1}>Campaigns</Title>
      <DataList
        label="Campaign List"
        queryKey={CAMPAIGN_LIST_KEY}
        columns={COLUMNS}
        fetchPage={fetchCampaignPage}
        search={searchCampaigns}
        rowKey={(c) => c.id}
        minWidth={900}
        toolbar={<Button onClick={() => setAdding(true)}>Add Campaign</Button>}
        actions={(c) => (
          <Group gap="sm" wrap="nowrap">
            <Anchor component={Link} to={`/logicManagement/${encodeURIComponent(c.campaignName)}`} size="sm">
              Set logic
            </Anchor>
            <Anchor component={Link} to={`/editCampaign/${c.id}`} size="sm" aria-label={`Edit ${c.campaignName}`}>
              Edit
            </Anchor>
            <Button
              size="compact-sm"
              color="red"
              variant="subtle"
              aria-label={`Delete ${c.campaignName}`}
              onClick={() => void remove(c)}
            >
              Delete
            </Button>
          </Group>
        )}
      />
      <AddCampaignModal opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
