// Agents signed in now, by shift, and today's sign-ins with how each ended (shown whether or not a dialer is configured).
import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TAgentSession } from '@crm/shared';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { formatDateTime, formatTimeOfDay } from '../../app/time-zone.ts';
import { DASHBOARD_KEY, fetchAgentsOnline, fetchTodaysSignIns } from './api.ts';
import { formatCount } from '../../components/lead-dates.ts';

/** Often enough that a sign-in shows within the minute, rarely enough to cost nothing. */
const REFRESH_MS = 30_000;

function ended(s: TAgentSession): string {
  if (s.endedBy === null || s.endedAt === null) return 'Signed in';
  return `${s.endedBy === 'sign-out' ? 'Signed out' : 'Session expired'} ${formatDateTime(s.endedAt)}`;
}

function OnlineNow() {
  const query = useQuery({
    queryKey: [...DASHBOARD_KEY, 'agents-online'],
    queryFn: fetchAgentsOnline,
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });
  if (query.isPending) return <LoadingRow />;
  if (query.isError)
    return (
      <RetryAlert
        title="Signed-in agents could not be loaded"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {query.data.shifts.map(({ shift, agents }) => (
        <Stack key={shift} gap={4} role="group" aria-label={`${shift} shift`}>
          <Group gap="xs">
            <Text fw={600}>{shift}</Text>
            <Badge variant="light" aria-label={`${agents.length} signed in on the ${shift} shift`}>
              {formatCount(agents.length)}
            </Badge>
          </Group>
          {agents.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nobody signed in.
            </Text>
          ) : (
            agents.map((a) => (
              <Text size="sm" key={a.id}>
                <Text span fw={500}>
                  {a.agentId}
                </Text>{' '}
                {a.name} · {a.campaignName} · since {formatTimeOfDay(a.signedInAt)}
              </Text>
            ))
          )}
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function TodaysSignIns() {
  const query = useQuery({
    queryKey: [...DASHBOARD_KEY, 'sign-ins-today'],
    queryFn: fetchTodaysSignIns,
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });
  if (query.isPending) return <LoadingRow />;
  if (query.isError)
    return (
      <RetryAlert
        title="Today's sign-ins could not be loaded"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No agent has signed in today.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={600} mah={320}>
      <Table striped aria-label="Today's sign-ins" stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Agent</Table.Th>
            <Table.Th>Shift</Table.Th>
            <Table.Th>Campaign</Table.Th>
            <Table.Th>Signed in</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                {s.agentId} {s.name}
              </Table.Td>
              <Table.Td>{s.shift}</Table.Td>
              <Table.Td>{s.campaignName}</Table.Td>
              <Table.Td>{formatDateTime(s.signedInAt)}</Table.Td>
              <Table.Td>{ended(s)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function AgentSessionsPanel() {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="agents-online-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="agents-online-title">
          Agents logged in now
        </Title>
        <OnlineNow />
        <Title order={3} size="h5">
          Today&apos;s sign-ins
        </Title>
        <TodaysSignIns />
      </Stack>
    </Paper>
  );
}
