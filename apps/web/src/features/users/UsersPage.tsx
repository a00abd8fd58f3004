// /users: QC inspector and client accounts (admins listed too): add, enable or disable, reset password, a client's
// campaigns and recordings; whether each has a second factor, and resetting another account's (docs/trust.md).
import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser } from '@crm/shared';
import { DataList, type DataListColumn } from '../../components/DataList.tsx';
import { AddUserModal } from './AddUserModal.tsx';
import { ClientAccessModal } from './ClientAccessModal.tsx';
import { fetchUserPage, searchUsers, updateUser, USERS_KEY } from './api.ts';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';
import { ResetSecondFactorModal } from './ResetSecondFactorModal.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useSession } from '../../app/session.ts';

const ROLE_LABELS: Record<TUser['role'], string> = { QC: 'QC inspector', ADMIN: 'Admin', CLIENT: 'Client' };

const COLUMNS: DataListColumn<TUser>[] = [
  { key: 'username', header: 'Username' },
  { key: 'name', header: 'Name' },
  { key: 'role', header: 'Role', render: (u) => ROLE_LABELS[u.role] },
  {
    key: 'campaigns',
    header: 'Campaigns',
    render: (u) =>
      u.role === 'CLIENT' ? (
        <Text size="sm">
          {(u.campaigns ?? []).join(', ')}
          {u.recordingsAllowed ? ' · may play recordings' : ''}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  {
    key: 'active',
    header: 'Status',
    render: (u) => <StatusBadge active={u.active} inactiveLabel="Disabled" />,
  },
  {
    key: 'mfaEnrolled',
    header: '2-step',
    render: (u) => (
      <Badge color={u.mfaEnrolled ? 'teal' : 'gray'} variant="light">
        {u.mfaEnrolled ? 'Set up' : 'Not set up'}
      </Badge>
    ),
  },
];

export default function UsersPage() {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState<'QC' | 'CLIENT' | null>(null);
  const [editingAccess, setEditingAccess] = useState<TUser | null>(null);
  const [resetting, setResetting] = useState<TUser | null>(null);
  const [resettingFactor, setResettingFactor] = useState<TUser | null>(null);
  const { session } = useSession();
  // One's own factor is never reset here: a stolen session must not be able to take it away (docs/trust.md).
  const canResetFactor = (u: TUser) => u.mfaEnrolled && String(u.id) !== session?.user.sub;
  const resetFactorButton = (u: TUser) => (
    <Button
      size="compact-sm"
      variant="subtle"
      color="orange"
      aria-label={`Reset second factor of ${u.username}`}
      onClick={() => setResettingFactor(u)}
    >
      Reset second factor
    </Button>
  );
  const toggle = useMutation({
    mutationFn: (user: TUser) => updateUser(user.id, { active: !user.active }),
    onSuccess: async (user) => {
      notifications.show({
        color: 'green',
        message: user.active
          ? `"${user.username}" can sign in again.`
          : `"${user.username}" is disabled and signed out.`,
      });
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });

  return (
    <Stack gap="lg">
      <Title order={1}>Users</Title>
      <Text c="dimmed" maw={760}>
        QC inspectors sign in with Login As Admin and see the QC screens. A client account signs in there too and sees
        its campaigns&apos; survey results and client QC records only. A disabled account is signed out at once. 2-step
        says whether the account has a second factor (an authenticator app); reset it when someone has lost their phone.
        Agents are managed on the Agents screen.
      </Text>
      <DataList
        label="User List"
        queryKey={[...USERS_KEY, 'list']}
        columns={COLUMNS}
        fetchPage={fetchUserPage}
        search={searchUsers}
        rowKey={(u) => u.id}
        actionsHeader="Actions"
        toolbar={
          <Group gap="sm">
            <Button onClick={() => setAdding('QC')}>Add QC inspector</Button>
            <Button variant="light" onClick={() => setAdding('CLIENT')}>
              Add client account
            </Button>
          </Group>
        }
        actions={(u) =>
          u.role === 'ADMIN' ? (
            canResetFactor(u) ? (
              resetFactorButton(u)
            ) : (
              <Text size="sm" c="dimmed">
                —
              </Text>
            )
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
              <Button
                size="compact-sm"
                variant="subtle"
                aria-label={`Reset password of ${u.username}`}
                onClick={() => setResetting(u)}
              >
                Reset password
              </Button>
              {u.role === 'CLIENT' && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  aria-label={`Client access of ${u.username}`}
                  onClick={() => setEditingAccess(u)}
                >
                  Campaigns
                </Button>
              )}
              {canResetFactor(u) && resetFactorButton(u)}
            </Group>
          )
        }
      />
      <AddUserModal opened={adding !== null} role={adding ?? 'QC'} onClose={() => setAdding(null)} />
      <ClientAccessModal user={editingAccess} onClose={() => setEditingAccess(null)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <ResetSecondFactorModal user={resettingFactor} onClose={() => setResettingFactor(null)} />
    </Stack>
  );
}
