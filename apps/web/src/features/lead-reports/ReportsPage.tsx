// /reports (docs/product.md §2 Reports, admin): the campaign first; once it is picked, the two reports and their date pickers.
import { useState } from 'react';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { ForDReportCard } from './ForDReportCard.tsx';
import { FullReportCard } from './FullReportCard.tsx';

export default function ReportsPage() {
  const [campaign, setCampaign] = useState('');
  return (
    <Stack gap="lg">
      <Title order={1}>Reports</Title>
      <Paper withBorder p="lg" radius="md" maw={480}>
        <Stack gap="xs">
          <CampaignSelect
            offer="withDataTable"
            emptyText="No campaign has a data table yet"
            value={campaign}
            onChange={setCampaign}
          />
          {campaign === '' && (
            <Text size="sm" c="dimmed">
              Pick a campaign to choose the dates of its reports.
            </Text>
          )}
        </Stack>
      </Paper>
      {campaign !== '' && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ForDReportCard campaign={campaign} />
          <FullReportCard campaign={campaign} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
