// Sets a new password for a QC inspector; their current sessions keep working until they sign out.
import { Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { TUser } from '@crm/shared';
import { FormActions } from '../../components/FormActions.tsx';
import { updateUser } from './api.ts';
import { validatePasswordReset } from './user-form.ts';

type Props = { user: TUser | null; onClose: () => void };

export function ResetPasswordModal({ user, onClose }: Props) {
  const form = useForm({ mode: 'controlled', initialValues: { password: '' }, validate: validatePasswordReset });
  const mutation = useMutation({
    mutationFn: ({ id, next }: { id: number; next: string }) => updateUser(id, { password: next }),
    onSuccess: (updated) => {
      notifications.show({ color: 'green', message: `The password of "${updated.username}" was reset.` });
      close();
    },
  });

  function close() {
    form.reset();
    onClose();
  }

  const submit = form.onSubmit(({ password }) => {
    if (user !== null) mutation.mutate({ id: user.id, next: password });
  });

  return (
    <Modal opened={user !== null} onClose={close} title="Reset password">
      <form onSubmit={submit} noValidate aria-label="Reset password">
        <Stack gap="md">
          <Text size="sm">
            A new password for <strong>{user?.name}</strong> ({user?.username}). Tell them in person; it is not shown again.
          </Text>
          <PasswordInput label="New password" withAsterisk description="At least 8 characters." autoComplete="new-password" {...form.getInputProps('password')} />
          <FormActions onCancel={close} saving={mutation.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
