// /reports (spec §2 Reports, admin): the campaign first; once it is picked, the two reports and their date pickers.
import { useState } from 'react';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CampaignField } from '../leads/lead-actions-fields.tsx';
import { ForDReportCard } from './ForDReportCard.tsx';
import { FullReportCard } from './FullReportCard.tsx';

export default function ReportsPage() {
  const [campaign, setCampaign] = useState('');
  return (
    <Stack gap="lg">
      <Title order={1}>Reports</Title>
      <Paper withBorder p="lg" radius="md" maw={480}>
        <Stack gap="xs">
          <CampaignField value={campaign} onChange={setCampaign} />
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
