// The queue's calls, in the order Score next takes them: date, time, agent, the consumer number (E.164, as QC records
// show it), duration, the automatic checks, and who holds each call (with the time left); the caller's own claims (any,
// for an admin) can be released; a flagged complete carries a "Suspicious" chip. Rows and cells are compact so 15 rows,
// three chips and a claim fit at 1366×768.
import type { ReactNode } from 'react';
import { Badge, Button, Group, ScrollArea, Table, Text } from '@mantine/core';
import type { TFlaggedQcQueueCall } from '@crm/shared';
import { CheckChips } from '../../components/CheckChips.tsx';
import { durationText, timeLeftText } from './queue-params.ts';

type Props = {
  calls: TFlaggedQcQueueCall[];
  placeholder: ReactNode;
  maxHeight: string;
  canReleaseAny: boolean;
  releasing: number | null;
  onRelease: (claimId: number) => void;
};

function ClaimCell({
  call,
  canReleaseAny,
  releasing,
  onRelease,
}: { call: TFlaggedQcQueueCall } & Pick<Props, 'canReleaseAny' | 'releasing' | 'onRelease'>) {
  const { claim } = call;
  if (claim === null) {
    return (
      <Text size="sm" c="dimmed">
        Free
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Badge
        variant="light"
        color={claim.mine ? 'blue' : 'orange'}
        tt="none"
        title={`Claimed by ${claim.inspectorName}`}
        style={{ flexShrink: 0 }}
      >
        {claim.mine ? 'You' : claim.inspectorName} · {timeLeftText(claim.expiresAt)}
      </Badge>
      {(claim.mine || canReleaseAny) && (
        <Button
          size="compact-xs"
          variant="subtle"
          loading={releasing === claim.id}
          onClick={() => onRelease(claim.id)}
          aria-label={`Release the call of ${call.phoneNumber}`}
        >
          Release
        </Button>
      )}
    </Group>
  );
}

export function QueueTable({ calls, placeholder, maxHeight, ...claimProps }: Props) {
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto">
      <Table
        striped
        highlightOnHover
        fz="sm"
        verticalSpacing={5}
        horizontalSpacing={6}
        stickyHeader
        aria-label="Calls to score"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Agent</Table.Th>
            <Table.Th>Number</Table.Th>
            <Table.Th>Length</Table.Th>
            <Table.Th>Automatic checks</Table.Th>
            <Table.Th>Claim</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {placeholder !== null && (
            <Table.Tr>
              <Table.Td colSpan={7}>{placeholder}</Table.Td>
            </Table.Tr>
          )}
          {calls.map((call) => (
            <Table.Tr key={call.recordingId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{call.callDate}</Table.Td>
              <Table.Td>{call.callTime ?? '—'}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={1} title={`${call.agentName} (${call.campaignName})`}>
                  {call.agentName} ({call.agentId})
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{call.phoneNumber}</Table.Td>
              <Table.Td>{durationText(call.durationSec)}</Table.Td>
              <Table.Td miw={300}>
                <Group gap={4} wrap="nowrap">
                  {call.suspicious && (
                    // A flagged complete of this agent, number and day (docs/guide/suspicious.md).
                    <Badge size="sm" color="red" variant="filled" tt="none" style={{ flexShrink: 0 }}>
                      Suspicious
                    </Badge>
                  )}
                  <CheckChips checks={call.checks} />
                </Group>
              </Table.Td>
              <Table.Td>
                <ClaimCell call={call} {...claimProps} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
