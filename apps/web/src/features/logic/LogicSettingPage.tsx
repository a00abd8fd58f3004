// /logicSetting (docs/product.md §2 Logic): the campaigns, each linking to the management of its survey's logic.
import { Link } from 'react-router';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { TCampaign } from '@crm/shared';
import { DataList, type DataListColumn } from '../../components/DataList.tsx';
import { CAMPAIGN_LIST_KEY } from '../../app/query-keys.ts';
import { fetchCampaignPage, searchCampaigns } from '../../components/list-reads.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';

const COLUMNS: DataListColumn<TCampaign>[] = [
  { key: 'campaignId', header: 'Code' },
  { key: 'campaignName', header: 'Name' },
  { key: 'campaignType', header: 'Type' },
  {
    key: 'status',
    header: 'Status',
    render: (c) => <StatusBadge active={c.status} />,
  },
];

export default function LogicSettingPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Logic Setting</Title>
      <Text c="dimmed" size="sm">
        Choose a campaign to decide which question each answer leads to and which answers end the call.
      </Text>
      <DataList
        label="Campaign List"
        queryKey={CAMPAIGN_LIST_KEY}
        columns={COLUMNS}
        fetchPage={fetchCampaignPage}
        search={searchCampaigns}
        rowKey={(c) => c.id}
        actions={(c) => (
          <Anchor
            component={Link}
            to={`/logicManagement/${encodeURIComponent(c.campaignName)}`}
            size="sm"
            aria-label={`Manage logic of ${c.campaignName}`}
          >
            Manage logic
          </Anchor>
        )}
      />
    </Stack>
  );
}
