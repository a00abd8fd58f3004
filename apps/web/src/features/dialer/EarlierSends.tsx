// The date's earlier sends, compact: each one's state, counts and report.
import { Button, Table, Text } from '@mantine/core';
import { sendCountsText, type TDialerSend } from '@crm/shared';
import { formatDateTimeMinutes } from '../../app/time-zone.ts';
import { SendBadge } from './LatestSend.tsx';

export function EarlierSends({ sends, onReport }: { sends: TDialerSend[]; onReport: (send: TDialerSend) => void }) {
  if (sends.length === 0) return null;
  return (
    <Table fz="xs" verticalSpacing={4} aria-label="Earlier sends">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Send</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Outcome</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sends.map((send) => (
          <Table.Tr key={send.id}>
            <Table.Td>
              <Text size="xs" fw={600}>{`#${send.id}`}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTimeMinutes(send.createdAt)}
              </Text>
            </Table.Td>
            <Table.Td>
              <SendBadge send={send} />
            </Table.Td>
            <Table.Td>{`${send.total.toLocaleString('en-US')} leads: ${sendCountsText(send)}`}</Table.Td>
            <Table.Td>
              <Button
                size="compact-xs"
                variant="subtle"
                aria-label={`Download the report of send #${send.id}`}
                onClick={() => onReport(send)}
              >
                Report
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
