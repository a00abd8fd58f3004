// /client (docs/guide/clients.md): a client account's landing page: its name, and a card per campaign with links to the
// campaign's survey results and its client QC records; the client QC reports beside them.
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TClientCampaign } from '@crm/shared';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { CLIENT_ME_KEY, fetchClientMe } from './api.ts';

const withCampaign = (path: string, campaignName: string, key = 'campaignName') =>
  `${path}?${new URLSearchParams({ [key]: campaignName }).toString()}`;

function CampaignCard({ campaign }: { campaign: TClientCampaign }) {
  const name = campaign.campaignName;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={name}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {name}
        </Title>
        <Group gap="sm">
          <Button component={Link} to={withCampaign('/results', name)} aria-label={`Survey results of ${name}`}>
            Survey results
          </Button>
          <Button
            component={Link}
            variant="light"
            to={withCampaign('/QcRecordsClient', name, 'search')}
            aria-label={`Client QC records of ${name}`}
          >
            Client QC records
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export default function ClientHomePage() {
  const me = useQuery({ queryKey: CLIENT_ME_KEY, queryFn: fetchClientMe });
  if (me.isPending) return <LoadingRow />;
  if (me.isError)
    return (
      <RetryAlert
        title="Your campaigns could not be loaded"
        message={me.error.message}
        onRetry={() => void me.refetch()}
      />
    );
  const { name, campaigns, recordingsAllowed } = me.data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{name}</Title>
        <Text c="dimmed" maw={760}>
          Your campaigns&apos; survey results and client QC records, read-only. Phone numbers show their last 4 digits
          only{recordingsAllowed ? '.' : '; recordings are not shared with this account.'}
        </Text>
      </Stack>
      {campaigns.length === 0 ? (
        <Text>No campaign is shared with this account yet: ask the call centre&apos;s administrator.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {campaigns.map((c) => (
            <CampaignCard key={c.campaignId} campaign={c} />
          ))}
        </SimpleGrid>
      )}
      <Group>
        <Anchor component={Link} to="/QcReports">
          Download client QC reports (xlsx)
        </Anchor>
      </Group>
    </Stack>
  );
}
