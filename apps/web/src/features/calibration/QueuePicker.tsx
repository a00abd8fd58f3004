// "From the queue" of the new-session form: the QC work queue's calls of a campaign (and optionally one call date),
// each with Add, which puts it into the form's calls as adding it by number would; the list scrolls inside.
import { useState } from 'react';
import { Alert, Button, Group, Pagination, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TQcQueueCall } from '@crm/shared';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { DateField } from '../../components/DateField.tsx';
import { fetchQueueCalls, queuePickKey } from './queue-api.ts';
import { lengthText, queueCallRefusal } from './queue-calls.ts';
import type { TCallFormValues } from './session-form.ts';

type Props = { calls: TCallFormValues[]; onAdd: (call: TQcQueueCall) => void };

export function QueuePicker({ calls, onAdd }: Props) {
  const [campaignName, setCampaignName] = useState('');
  const [date, setDate] = useState('');
  const [page, setPage] = useState(0);
  const queue = useQuery({
    queryKey: queuePickKey(campaignName, date, page),
    queryFn: () => fetchQueueCalls(campaignName, date, page),
    enabled: campaignName !== '',
    placeholderData: keepPreviousData,
  });
  const content = queue.data?.response.content ?? [];
  const totalPages = queue.data?.response.totalPages ?? 0;

  let state: string | null = null;
  if (campaignName === '') state = 'Choose a campaign to list its calls waiting in the QC queue.';
  else if (queue.isPending) state = 'Loading the queue…';
  else if (!queue.isError && content.length === 0)
    state =
      date === ''
        ? 'No call of this campaign is waiting in the queue.'
        : 'No call of this campaign and day is waiting in the queue.';

  return (
    <Stack gap="xs" data-testid="queue-picker">
      <Group align="flex-end" gap="sm">
        <CampaignSelect
          label="Queue campaign"
          w={240}
          value={campaignName}
          onChange={(v) => {
            setCampaignName(v);
            setPage(0);
          }}
        />
        <DateField
          label="Queue call date"
          placeholder="Any open day"
          clearLabel="Clear the queue call date"
          w={200}
          value={date}
          onChange={(v) => {
            setDate(v);
            setPage(0);
          }}
        />
        {queue.data !== undefined && campaignName !== '' && (
          <Text fz="sm" c="dimmed" pb={8}>
            {queue.data.response.totalElements} call{queue.data.response.totalElements === 1 ? '' : 's'} waiting
          </Text>
        )}
      </Group>
      {queue.isError && (
        <Alert color="red" title="The queue could not be loaded">
          <Group justify="space-between">
            <Text fz="sm">{queue.error.message}</Text>
            <Button size="xs" variant="light" onClick={() => void queue.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      {state !== null ? (
        <Text fz="sm" c="dimmed">
          {state}
        </Text>
      ) : (
        content.length > 0 && (
          <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars>
            <Table striped highlightOnHover stickyHeader aria-label="Queue calls" fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Call date</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Agent</Table.Th>
                  <Table.Th>Length</Table.Th>
                  <Table.Th>Recording</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {content.map((call) => {
                  const refusal = queueCallRefusal(calls, call);
                  return (
                    <Table.Tr key={call.recordingId} data-queue-call={call.fileName}>
                      <Table.Td>{call.callDate}</Table.Td>
                      <Table.Td>{call.callTime ?? '—'}</Table.Td>
                      <Table.Td>{call.phoneNumber}</Table.Td>
                      <Table.Td>
                        {call.agentName} ({call.agentId})
                      </Table.Td>
                      <Table.Td>{lengthText(call.durationSec)}</Table.Td>
                      <Table.Td maw={260} style={{ overflowWrap: 'anywhere' }}>
                        {call.fileName}
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant="light"
                          aria-label={`Add the call of ${call.phoneNumber} at ${call.callDate} ${call.callTime ?? ''}`.trim()}
                          disabled={refusal !== null}
                          title={refusal ?? undefined}
                          onClick={() => onAdd(call)}
                        >
                          {refusal === 'Added' ? 'Added' : 'Add'}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )
      )}
      {totalPages > 1 && (
        <Pagination
          size="sm"
          total={totalPages}
          value={page + 1}
          onChange={(p) => setPage(p - 1)}
          aria-label="Queue pages"
        />
      )}
    </Stack>
  );
}
