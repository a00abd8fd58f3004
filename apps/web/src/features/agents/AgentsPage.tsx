// /agents (spec §2 Agents list): the paged, searchable list, the Add Agent and Bulk Upload modals, edit links and delete.
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { deleteConfirmation, type TAgent } from '@crm/shared';
import { DataList, type DataListColumn } from '../../components/DataList.tsx';
import { confirmAction } from '../../components/confirm.tsx';
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
    render: (a) => (
      <StatusBadge active={a.status} />
    ),
  },
];

export default function AgentsPage() {
  const queryClient = useQueryClient();
  const [modal, setModal] = useState<'add' | 'upload' | null>(null);

  const remove = async (agent: TAgent) => {
    if (!(await confirmAction({ body: deleteConfirmation(agent.name) }))) return;
    try {
      await deleteAgent(agent.id);
    } catch {
      return; // the API client has shown the server's reason
    }
    notifications.show({ color: 'green', message: `Agent "${agent.name}" deleted.` });
    await queryClient.invalidateQueries({ queryKey: AGENTS_KEY });
  };

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
            <Button size="compact-sm" color="red" variant="subtle" aria-label={`Delete ${a.name}`} onClick={() => void remove(a)}>
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
