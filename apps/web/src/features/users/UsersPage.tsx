// /users: QC inspector accounts (admins listed read-only): add, enable or disable, reset password.
import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser } from '@crm/shared';
import { DataList, type DataListColumn } from '../../components/DataList.tsx';
import { AddUserModal } from './AddUserModal.tsx';
import { fetchUserPage, searchUsers, updateUser, USERS_KEY } from './api.ts';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';

const ROLE_LABELS: Record<TUser['role'], string> = { QC: 'QC inspector', ADMIN: 'Admin' };

const COLUMNS: DataListColumn<TUser>[] = [
  { key: 'username', header: 'Username' },
  { key: 'name', header: 'Name' },
  { key: 'role', header: 'Role', render: (u) => ROLE_LABELS[u.role] },
  {
    key: 'active',
    header: 'Status',
    render: (u) => (
      <StatusBadge active={u.active} inactiveLabel="Disabled" />
    ),
  },
];

export default function UsersPage() {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<TUser | null>(null);
  const toggle = useMutation({
    mutationFn: (user: TUser) => updateUser(user.id, { active: !user.active }),
    onSuccess: async (user) => {
      notifications.show({ color: 'green', message: user.active ? `"${user.username}" can sign in again.` : `"${user.username}" is disabled and signed out.` });
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });

  return (
    <Stack gap="lg">
      <Title order={1}>Users</Title>
      <Text c="dimmed" maw={760}>
        QC inspectors sign in with Login As Admin and see the QC screens. A disabled account is signed out at once. Agents are managed on the Agents screen.
      </Text>
      <DataList
        label="User List"
        queryKey={[...USERS_KEY, 'list']}
        columns={COLUMNS}
        fetchPage={fetchUserPage}
        search={searchUsers}
        rowKey={(u) => u.id}
        actionsHeader="Actions"
        toolbar={<Button onClick={() => setAdding(true)}>Add QC inspector</Button>}
        actions={(u) =>
          u.role === 'ADMIN' ? (
            <Text size="sm" c="dimmed">
              —
            </Text>
          ) : (
            <Group gap="sm" wrap="nowrap">
              <Button
                size="compact-sm"
                variant="subtle"
                color={u.active ? 'red' : 'green'}
                aria-label={`${u.active ? 'Disable' : 'Enable'} ${u.username}`}
                loading={toggle.isPending && toggle.variables?.id === u.id}
                onClick={() => toggle.mutate(u)}
              >
                {u.active ? 'Disable' : 'Enable'}
              </Button>
              <Button size="compact-sm" variant="subtle" aria-label={`Reset password of ${u.username}`} onClick={() => setResetting(u)}>
                Reset password
              </Button>
            </Group>
          )
        }
      />
      <AddUserModal opened={adding} onClose={() => setAdding(false)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </Stack>
  );
}
