// /agents (docs/product.md §2 Agents list): the paged, searchable list, the Add Agent and Bulk Upload modals, edit links and delete.
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { deleteConfirmation, type TAgent } from '@crm/shared';
import { DataList, type DataListColumn } from '../../components/DataList.tsx';
import { useDeleteRow } from '../../components/use-delete-row.ts';
import { AddAgentModal } from './AddAgentModal.tsx';
import { AGENT_LIST_KEY, AGENTS_KEY, deleteAgent, fetchAgentPage, searchAgents } from './api.ts';
import { BulkUploadModal } from './BulkUploadModal.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';

const COLUMNS: DataListColumn<TAgent>[] = [
  { key: 'name', header: 'Name' },
  { key: 'agentId', header: 'ID' },
  { key: 'type', header: 'Category' },
  {
    key: 'status',
    header: 'Status',
    render: (a) => <StatusBadge active={a.status} />,
  },
];

export default function AgentsPage() {
  const [modal, setModal] = useState<'add' | 'upload' | null>(null);
  // A refusal (an agent with history) is shown with the server's reason.
  const remove = useDeleteRow<TAgent>({
    confirmBody: (a) => deleteConfirmation(a.name),
    remove: (a) => deleteAgent(a.id),
    notice: (a) => `Agent "${a.name}" deleted.`,
    reload: [AGENTS_KEY],
  });

  return (
    <Stack gap="lg">
      <Title order={1}>Agents</Title>
      <DataList
        label="Agent List"
        queryKey={AGENT_LIST_KEY}
        columns={COLUMNS}
        fetchPage={fetchAgentPage}
        search={searchAgents}
        rowKey={(a) => a.id}
        toolbar={
          <Group gap="sm">
            <Button variant="default" onClick={() => setModal('upload')}>
              Bulk Upload
            </Button>
            <Button onClick={() => setModal('add')}>Add Agent</Button>
          </Group>
        }
        actions={(a) => (
          <Group gap="sm" wrap="nowrap">
            <Anchor component={Link} to={`/editAgent/${a.id}`} size="sm" aria-label={`Edit ${a.name}`}>
              Edit
            </Anchor>
            <Button
              size="compact-sm"
              color="red"
              variant="subtle"
              aria-label={`Delete ${a.name}`}
              onClick={() => void remove(a)}
            >
              Delete
            </Button>
          </Group>
        )}
      />
      <AddAgentModal opened={modal === 'add'} onClose={() => setModal(null)} />
      <BulkUploadModal opened={modal === 'upload'} onClose={() => setModal(null)} />
    </Stack>
  );
}
