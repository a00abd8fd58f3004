// "Reset second factor" of another admin or QC inspector (a lost phone): their authenticator app and recovery codes
// stop working, their sessions end, and they set up a new factor at their next sign-in (docs/trust.md).
import { Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser } from '@crm/shared';
import { DialogActions } from '../../components/DialogActions.tsx';
import { resetSecondFactor, USERS_KEY } from './api.ts';

type Props = { user: TUser | null; onClose: () => void };

export function ResetSecondFactorModal({ user, onClose }: Props) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: number) => resetSecondFactor(id),
    onSuccess: async ({ message }) => {
      notifications.show({ color: 'green', message });
      close();
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });

  function close() {
    mutation.reset();
    onClose();
  }

  return (
    <Modal opened={user !== null} onClose={close} title="Reset second factor">
      <Stack gap="md">
        <Text size="sm">
          Reset the second factor of <strong>{user?.name}</strong> ({user?.username})? Their authenticator app and
          recovery codes stop working and they are signed out; at their next sign-in they scan a new QR code.
        </Text>
        <Text size="sm" c="dimmed">
          Do this only when you know it is them asking (in person or by a call you made), e.g. after a lost phone.
        </Text>
        <DialogActions
          error={mutation.error}
          failureTitle="The second factor was not reset"
          onCancel={close}
          onSubmit={() => user !== null && mutation.mutate(user.id)}
          submitLabel="Reset second factor"
          busy={mutation.isPending}
          color="red"
        />
      </Stack>
    </Modal>
  );
}
