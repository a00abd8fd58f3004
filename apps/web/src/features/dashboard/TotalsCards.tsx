// The four totals cards: agents, campaigns, data tables, and inbound vs outbound campaigns.
import type { ReactNode } from 'react';
import { Anchor, Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { DASHBOARD_KEY, fetchTotal, type TTotalName } from './api.ts';
import { formatCount } from '../../components/lead-dates.ts';

function useTotal(name: TTotalName): UseQueryResult<number> {
  // Always re-read on opening the dashboard: the figures change as admins work on other screens.
  return useQuery({ queryKey: [...DASHBOARD_KEY, 'total', name], queryFn: () => fetchTotal(name), staleTime: 0 });
}

function Figure({ query, label }: { query: UseQueryResult<number>; label?: string }) {
  if (query.isPending) return <Skeleton height={34} width={64} mt={4} aria-label={`Loading ${label ?? 'figure'}`} />;
  if (query.isError) {
    return (
      <Text size="sm" c="red" role="alert">
        {label ? `${label}: ` : ''}
        {query.error.message}{' '}
        <Anchor component="button" type="button" size="sm" onClick={() => void query.refetch()}>
          Retry
        </Anchor>
      </Text>
    );
  }
  return (
    <Text fz={label ? 26 : 30} fw={700} lh={1.2} style={{ whiteSpace: 'nowrap' }}>
      {label && (
        <Text span size="xs" c="dimmed" fw={500} mr={4}>
          {label}
        </Text>
      )}
      {formatCount(query.data)}
    </Text>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `total-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-labelledby={id}>
      <Text id={id} size="sm" c="dimmed" fw={600} tt="uppercase">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

export function TotalsCards() {
  const agents = useTotal('agents');
  const campaigns = useTotal('campaigns');
  const dataTables = useTotal('dataTables');
  const inbound = useTotal('inbound');
  const outbound = useTotal('outbound');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      <Card title="Number of Agents">
        <Figure query={agents} />
      </Card>
      <Card title="Number of Campaigns">
        <Figure query={campaigns} />
      </Card>
      <Card title="Number of Data Tables">
        <Figure query={dataTables} />
      </Card>
      <Card title="Outbound vs Inbound">
        <Group gap="xs" align="baseline">
          <Figure query={inbound} label="Inbound" />
          <Text c="dimmed" aria-hidden>
            ·
          </Text>
          <Figure query={outbound} label="Outbound" />
        </Group>
      </Card>
    </SimpleGrid>
  );
}
