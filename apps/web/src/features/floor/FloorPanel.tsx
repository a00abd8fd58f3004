// The floor now (docs/guide/floor.md): who is signed in, on a call or idle, pushed live. Shown on /productivity.
import { useEffect, useState } from 'react';
import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { TFloor, TFloorAgent, TFloorTotals } from '@crm/shared';
import type { TStreamStatus } from '../../app/event-stream.ts';
import { formatTimeOfDay } from '../../app/time-zone.ts';
import { formatCount } from '../../components/lead-dates.ts';
import { useFloorStream } from './floor-stream.ts';
import { formatSince } from './floor-time.ts';

const STATUS_BADGE: Record<TStreamStatus, { color: string; label: string }> = {
  connecting: { color: 'gray', label: 'Connecting…' },
  open: { color: 'green', label: 'Live' },
  reconnecting: { color: 'orange', label: 'Reconnecting…' },
};

const TOTALS: { key: keyof TFloorTotals; label: string }[] = [
  { key: 'signedIn', label: 'Signed in' },
  { key: 'onCall', label: 'On a call' },
  { key: 'idle', label: 'Idle' },
  { key: 'callsToday', label: 'Calls today' },
  { key: 'completedToday', label: 'Completed today' },
];

/** The time now by the server's clock, once a second: the "since" column ticks without a new floor. */
function useServerNow(clockOffsetMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now + clockOffsetMs;
}

function Totals({ totals }: { totals: TFloorTotals | undefined }) {
  return (
    <SimpleGrid cols={5} spacing="sm">
      {TOTALS.map(({ key, label }) => (
        <Paper key={key} withBorder p="xs" radius="md" role="group" aria-labelledby={`floor-${key}`}>
          <Text id={`floor-${key}`} size="sm" c="dimmed">
            {label}
          </Text>
          {totals === undefined ? (
            <Skeleton height={28} width={48} mt={4} />
          ) : (
            <Text fz={24} fw={700} lh={1.2}>
              {formatCount(totals[key])}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function DialerCell({ agent }: { agent: TFloorAgent }) {
  const d = agent.dialer;
  if (d === undefined) return null;
  if (d.error !== null)
    return (
      <Text size="sm" c="red" title={d.error} lineClamp={1}>
        {d.error}
      </Text>
    );
  return <Text size="sm">{[d.status, d.subStatus].filter((s) => s !== '').join(' · ')}</Text>;
}

function AgentRow({ agent, now, withDialer }: { agent: TFloorAgent; now: number; withDialer: boolean }) {
  const onCall = agent.state === 'onCall';
  const since = agent.callStartedAt ?? agent.idleSince ?? agent.signedInAt;
  return (
    <Table.Tr data-testid={`floor-agent-${agent.agentId}`} data-state={agent.state}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {agent.agentName}
        </Text>
        <Text size="xs" c="dimmed">
          {agent.agentId}
        </Text>
      </Table.Td>
      <Table.Td>{agent.campaignName}</Table.Td>
      <Table.Td>{agent.shift}</Table.Td>
      <Table.Td>
        <Badge color={onCall ? 'green' : 'gray'} variant="light">
          {onCall ? 'On call' : 'Idle'}
        </Badge>
      </Table.Td>
      <Table.Td ff="monospace" title={`Since ${formatTimeOfDay(since, { seconds: true })}`}>
        {formatSince(since, now)}
      </Table.Td>
      <Table.Td>
        {agent.leadId !== undefined && (
          <>
            <Text size="sm">{agent.cellNumberMasked ?? ''}</Text>
            <Text size="xs" c="dimmed">
              Lead {agent.leadId}
            </Text>
          </>
        )}
      </Table.Td>
      <Table.Td maw={280}>
        {agent.question && (
          <Text size="sm" lineClamp={1} title={`${agent.question.qno}. ${agent.question.title}`}>
            <Text span fw={600} size="sm">
              {agent.question.qno}
            </Text>{' '}
            {agent.question.title}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">{formatCount(agent.callsToday)}</Table.Td>
      <Table.Td ta="right">{formatCount(agent.completedToday)}</Table.Td>
      {withDialer && (
        <Table.Td>
          <DialerCell agent={agent} />
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function AgentsTable({ floor, now }: { floor: TFloor; now: number }) {
  if (floor.agents.length === 0) return <Text c="dimmed">No agent is signed in.</Text>;
  const withDialer = floor.agents.some((a) => a.dialer !== undefined);
  return (
    <Table.ScrollContainer minWidth={900} maxHeight="calc(100dvh - 300px)">
      <Table striped highlightOnHover stickyHeader aria-label="Agents signed in">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Agent</Table.Th>
            <Table.Th>Campaign</Table.Th>
            <Table.Th>Shift</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Since</Table.Th>
            <Table.Th>Lead</Table.Th>
            <Table.Th>Question</Table.Th>
            <Table.Th ta="right">Calls today</Table.Th>
            <Table.Th ta="right">Completed</Table.Th>
            {withDialer && <Table.Th>VICIdial</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {floor.agents.map((agent) => (
            <AgentRow key={agent.userId} agent={agent} now={now} withDialer={withDialer} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The floor as last received: what the panel shows for one state of the stream. */
export function FloorView({
  floor,
  status,
  clockOffsetMs,
}: {
  floor: TFloor | null;
  status: TStreamStatus;
  clockOffsetMs: number;
}) {
  const now = useServerNow(clockOffsetMs);
  const badge = STATUS_BADGE[status];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="floor-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="floor-title">
            Floor now
          </Title>
          <Badge color={badge.color} variant="dot" data-testid="floor-live">
            {badge.label}
          </Badge>
        </Group>
        {status === 'reconnecting' && (
          <Alert color="orange" variant="light" role="status" title="Connection to the server lost">
            Reconnecting…{' '}
            {floor
              ? `The floor below is as of ${formatTimeOfDay(floor.at, { seconds: true })}.`
              : 'The floor is shown once it connects.'}
          </Alert>
        )}
        <Totals totals={floor?.totals} />
        {floor === null ? <Skeleton height={120} /> : <AgentsTable floor={floor} now={now} />}
      </Stack>
    </Paper>
  );
}

export function FloorPanel() {
  const { floor, status, clockOffsetMs } = useFloorStream();
  return <FloorView floor={floor} status={status} clockOffsetMs={clockOffsetMs} />;
}
