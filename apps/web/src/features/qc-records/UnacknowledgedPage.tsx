// /qc-acknowledgements (docs/qc-records.md, Overdue): the scored calls agents have not acknowledged yet, of the
// inspector's own records (an admin's: everyone's); those past their campaign's window marked overdue, apart from the
// ones still in it. Filters, page and size live in the address; the overdue notification and QC insights link here.
import { Link } from 'react-router';
import { Anchor, Badge, Group, ScrollArea, SegmentedControl, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TUnacknowledgedRecord, TUnacknowledgedState } from '@crm/shared';
import { formatDateTimeMinutes } from '../../app/time-zone.ts';
import { useAddressState } from '../../app/use-search-update.ts';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { DateField } from '../../components/DateField.tsx';
import { PageSizeSelect, Pager } from '../../components/Pager.tsx';
import { pagerState } from '../../components/pager.ts';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { useListQuery } from '../../components/use-list-query.ts';
import { ACKNOWLEDGEMENT_AGENTS_KEY, fetchAgents, fetchUnacknowledged, unacknowledgedListKey } from './api.ts';
import { changeListParams, readListParams, writeListParams } from './list-params.ts';

export const LIST_FAILED = 'The unacknowledged QC records could not be loaded';

/** What is left of a 768-pixel-high window under the top bar, title, filters and pager. */
const TABLE_HEIGHT = 'max(240px, calc(100dvh - 330px))';

const STATE_CHOICES: { value: TUnacknowledgedState; label: string }[] = [
  { value: 'all', label: 'All unacknowledged' },
  { value: 'overdue', label: 'Overdue only' },
];

const daysText = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** Overdue: a red badge and the days past the window; in its window: awaiting, and the day it is due. */
function StatusCell({ record }: { record: TUnacknowledgedRecord }) {
  return record.overdue ? (
    <Badge color="red" variant="filled" size="sm" title={`Window: ${daysText(record.windowDays)}`}>
      Overdue
    </Badge>
  ) : (
    <Badge color="gray" variant="light" size="sm" title={`Window: ${daysText(record.windowDays)}`}>
      Awaiting
    </Badge>
  );
}

function RecordsTable({ records }: { records: TUnacknowledgedRecord[] }) {
  return (
    <Table striped highlightOnHover withTableBorder fz="sm" verticalSpacing={4} stickyHeader>
      <Table.Caption>Unacknowledged QC records</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Status</Table.Th>
          <Table.Th>Agent</Table.Th>
          <Table.Th>Campaign</Table.Th>
          <Table.Th>Call date</Table.Th>
          <Table.Th>Scored at</Table.Th>
          <Table.Th>Due</Table.Th>
          <Table.Th ta="right">Days overdue</Table.Th>
          <Table.Th>Record</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {records.map((r) => (
          <Table.Tr key={r.qcRecordId} data-overdue={r.overdue ? 'true' : undefined}>
            <Table.Td>
              <StatusCell record={r} />
            </Table.Td>
            <Table.Td>
              {r.agentName} ({r.agentId})
            </Table.Td>
            <Table.Td>{r.campaignName}</Table.Td>
            <Table.Td>{r.callDate}</Table.Td>
            <Table.Td>{formatDateTimeMinutes(r.scoredAt)}</Table.Td>
            <Table.Td c={r.overdue ? 'red.8' : undefined}>{formatDateTimeMinutes(r.dueAt)}</Table.Td>
            <Table.Td ta="right" fw={r.overdue ? 600 : undefined}>
              {r.overdue ? r.daysOverdue : '—'}
            </Table.Td>
            <Table.Td>
              <Anchor
                component={Link}
                to={`/editqc/${r.qcRecordId}`}
                fz="sm"
                aria-label={`Open QC record ${r.qcRecordId}`}
              >
                Open #{r.qcRecordId}
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function AgentFilter({ value, onChange }: { value: string; onChange: (agentId: string) => void }) {
  const agents = useQuery({ queryKey: ACKNOWLEDGEMENT_AGENTS_KEY, queryFn: fetchAgents, staleTime: 60_000 });
  const options = (agents.data ?? []).map((a) => ({ value: a.agentId, label: `${a.name} (${a.agentId})` }));
  // An agent the address names but the list does not hold (gone since) is still shown as the filter.
  if (value !== '' && !options.some((o) => o.value === value)) options.unshift({ value, label: value });
  return (
    <Select
      label="Agent"
      w={240}
      searchable
      clearable
      placeholder={agents.isPending ? 'Loading agents…' : 'All agents'}
      nothingFoundMessage="No agent matches"
      data={options}
      value={value === '' ? null : value}
      onChange={(v) => onChange(v ?? '')}
      error={agents.isError ? agents.error.message : undefined}
    />
  );
}

const LIST_ADDRESS = { read: readListParams, write: writeListParams, change: changeListParams };

export default function UnacknowledgedPage() {
  const [state, update] = useAddressState(LIST_ADDRESS);
  const { page, size, ...filters } = state;

  const query = useListQuery({
    queryKey: unacknowledgedListKey(filters),
    fetchPage: (p, s) => fetchUnacknowledged(filters, p, s),
    search: undefined,
    term: '',
    page,
    size,
  });
  const result = query.data;
  const pager = pagerState(result?.page ?? page, size, result?.total ?? 0);

  let placeholder = null;
  if (query.isPending) placeholder = <LoadingRow />;
  else if (query.isError)
    placeholder = <RetryAlert title={LIST_FAILED} message={query.error.message} onRetry={() => void query.refetch()} />;
  else if ((result?.rows.length ?? 0) === 0)
    placeholder = (
      <Text ta="center" c="dimmed" py="lg" role="status">
        {filters.state === 'overdue'
          ? 'No overdue acknowledgements for these filters'
          : 'Every QC record of these filters is acknowledged'}
      </Text>
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Stack gap={2}>
          <Title order={1}>Unacknowledged QC Records</Title>
          <Text size="sm" c="dimmed">
            Scored calls the agent has neither acknowledged nor disputed; overdue once the campaign&apos;s window has
            passed.
          </Text>
        </Stack>
        <PageSizeSelect value={size} onChange={(next) => update({ size: next })} />
      </Group>
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <SegmentedControl
          aria-label="Which records"
          data={STATE_CHOICES}
          value={filters.state}
          onChange={(v) => update({ state: v as TUnacknowledgedState })}
        />
        <AgentFilter value={filters.agentId} onChange={(agentId) => update({ agentId })} />
        <CampaignSelect
          label="Campaign"
          w={200}
          allLabel="All campaigns"
          value={filters.campaignName}
          onChange={(campaignName) => update({ campaignName })}
        />
        <DateField
          label="Calls from"
          w={150}
          value={filters.startDate}
          onChange={(startDate) => update({ startDate })}
          clearLabel="Clear the first call date"
        />
        <DateField
          label="Calls to"
          w={150}
          value={filters.endDate}
          onChange={(endDate) => update({ endDate })}
          clearLabel="Clear the last call date"
        />
      </Group>
      <ScrollArea.Autosize mah={TABLE_HEIGHT} type="auto" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        {placeholder ?? <RecordsTable records={result?.rows ?? []} />}
      </ScrollArea.Autosize>
      <Pager pager={pager} onPage={(next) => update({ page: next })} />
    </Stack>
  );
}
