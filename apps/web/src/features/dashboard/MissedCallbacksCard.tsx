// The dashboard's missed callbacks (docs/guide/call-loop.md "Callbacks"): callbacks past due by more than their campaign's
// grace, the longest missed first, of one campaign or all; who set each, for whom, when, and why one is not offered.
import { useState } from 'react';
import { Badge, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TMissedCallbacks } from '@crm/shared';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { fetchMissedCallbacks, missedCallbacksKey } from './api.ts';
import { formatCount } from '../../components/lead-dates.ts';

/** A callback goes missed as the clock runs: read again every minute while the dashboard is open. */
const REFRESH_MS = 60_000;

/** '45 min', '2 h 05 min', '3 d 4 h': how late, as a person reads it. */
export function lateText(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
  return `${Math.floor(m / (24 * 60))} d ${Math.floor((m % (24 * 60)) / 60)} h`;
}

function MissedTable({ callbacks, showCampaign }: { callbacks: TMissedCallbacks; showCampaign: boolean }) {
  return (
    <Table.ScrollContainer minWidth={760} mah={300}>
      <Table striped stickyHeader verticalSpacing={4} aria-label="Missed callbacks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lead</Table.Th>
            <Table.Th>Number</Table.Th>
            {showCampaign && <Table.Th>Campaign</Table.Th>}
            <Table.Th>Agent</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>Late</Table.Th>
            <Table.Th>Note</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {callbacks.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td fz="sm">
                {c.respondentName ?? '—'}
                <Text span size="xs" c="dimmed">
                  {' '}
                  #{c.leadId}
                </Text>
              </Table.Td>
              <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {c.cellNumber}
              </Table.Td>
              {showCampaign && <Table.Td fz="sm">{c.campaignName}</Table.Td>}
              <Table.Td fz="sm">
                {c.agentName === '' ? c.agentId : `${c.agentName} (${c.agentId})`}
                <Text size="xs" c="dimmed">
                  {c.mineOnly ? 'theirs only' : 'anyone may call'}
                </Text>
              </Table.Td>
              <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {c.atText}
              </Table.Td>
              <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {lateText(c.minutesLate)}
              </Table.Td>
              <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {c.note === '' ? '—' : c.note}
                {c.blocked !== null && (
                  <Badge color="red" variant="light" size="sm" ml={6} tt="none">
                    Not offered: {c.blocked}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function MissedCallbacksCard() {
  const [campaign, setCampaign] = useState('');
  const missed = useQuery({
    queryKey: missedCallbacksKey(campaign),
    queryFn: () => fetchMissedCallbacks(campaign),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });

  let body;
  if (missed.isPending) body = <LoadingRow />;
  else if (missed.isError)
    body = (
      <RetryAlert
        title="The missed callbacks could not be loaded"
        message={missed.error.message}
        onRetry={() => void missed.refetch()}
      />
    );
  else if (missed.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {campaign === '' ? 'No missed callbacks.' : `No missed callbacks in ${campaign}.`}
      </Text>
    );
  } else body = <MissedTable callbacks={missed.data} showCampaign={campaign === ''} />;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="missed-callbacks-title">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Title order={2} size="h4" id="missed-callbacks-title" style={{ whiteSpace: 'nowrap' }}>
              Missed callbacks
            </Title>
            {missed.isSuccess && (
              <Badge
                color={missed.data.length === 0 ? 'gray' : 'red'}
                variant="light"
                aria-label={`${missed.data.length} missed`}
              >
                {formatCount(missed.data.length)}
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              Not called by their time and its grace (2 hours unless the campaign says otherwise); the longest missed
              first.
            </Text>
          </Group>
          {/* The card's own heading says what is filtered: the label is for screen readers. */}
          <CampaignSelect
            label={<VisuallyHidden>Campaign</VisuallyHidden>}
            allLabel="All campaigns"
            value={campaign}
            onChange={setCampaign}
            w={240}
          />
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
