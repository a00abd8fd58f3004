// /dnc: the do-not-call lists (docs/guide/dnc.md): counts per list, what VICIdial made of them, search and list filter, add a
// number, upload a CSV, remove.
import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TDncEntry } from '@crm/shared';
import { DataList, type DataListColumn } from '../../components/DataList.tsx';
import { useDeleteRow } from '../../components/use-delete-row.ts';
import { AddDncModal } from './AddDncModal.tsx';
import { DncDialerSync } from './DncDialerSync.tsx';
import { countsText, DNC_KEY, fetchDncCounts, fetchDncPage, filterOf, removeDncNumber, searchDnc } from './api.ts';
import { ListSelect } from './ListSelect.tsx';
import { UploadDncModal } from './UploadDncModal.tsx';

const listName = (e: TDncEntry) => e.campaignName ?? 'System list';

const COLUMNS: DataListColumn<TDncEntry>[] = [
  { key: 'phoneNumber', header: 'Number' },
  { key: 'list', header: 'List', render: listName },
  { key: 'reason', header: 'Reason' },
  { key: 'addedBy', header: 'Added by' },
  { key: 'createdAt', header: 'When' },
];

export default function DncPage() {
  const [filter, setFilter] = useState('all');
  const [dialog, setDialog] = useState<'add' | 'upload' | null>(null);
  const counts = useQuery({ queryKey: [...DNC_KEY, 'counts'], queryFn: fetchDncCounts, staleTime: 0 });
  const remove = useDeleteRow<TDncEntry>({
    confirmBody: (e) =>
      `Take ${e.phoneNumber} off ${e.campaignName === null ? 'the system list' : `the list of ${e.campaignName}`}? It can be called again.`,
    remove: (e) => removeDncNumber(e.id),
    notice: (e) => `${e.phoneNumber} removed from ${listName(e)}.`,
    reload: [DNC_KEY],
  });
  const chosen = filterOf(filter);

  return (
    <Stack gap="md">
      <Title order={1}>Do Not Call</Title>
      <Text c="dimmed" maw={900}>
        Numbers on the system list are never called for any campaign; numbers on a campaign's list are never called for
        that campaign. Uploads skip them, lead generation leaves them out and the agent's lookup refuses them.
      </Text>
      <Text size="sm" aria-label="Counts per list">
        {counts.data
          ? countsText(counts.data)
          : counts.error
            ? `The counts could not be loaded: ${counts.error.message}`
            : 'Counting…'}
      </Text>
      <DncDialerSync />
      <DataList
        label="Do-not-call numbers"
        queryKey={[...DNC_KEY, 'list', filter]}
        columns={COLUMNS}
        fetchPage={(page, size) => fetchDncPage(chosen, page, size)}
        search={(term) => searchDnc(chosen, term)}
        rowKey={(e) => e.id}
        actionsHeader="Action"
        minWidth={900}
        toolbar={
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <ListSelect label="List" allLabel="All lists" value={filter} onChange={setFilter} w={220} />
            <Button onClick={() => setDialog('add')}>Add number</Button>
            <Button variant="default" onClick={() => setDialog('upload')}>
              Upload CSV
            </Button>
          </Group>
        }
        actions={(e) => (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            aria-label={`Remove ${e.phoneNumber}`}
            onClick={() => void remove(e)}
          >
            Remove
          </Button>
        )}
      />
      {dialog === 'add' && <AddDncModal opened onClose={() => setDialog(null)} initialList={filter} />}
      {dialog === 'upload' && <UploadDncModal opened onClose={() => setDialog(null)} initialList={filter} />}
    </Stack>
  );
}
