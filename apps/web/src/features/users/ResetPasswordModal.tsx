// Sets a new password: another account's (their sessions end), or one's own, which also asks for the current password
// and, when one's second factor is set up, a code of it (docs/trust.md, Passwords).
import { Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { TUpdateUserRequest, TUser } from '@crm/shared';
import { passwordRefusal } from '../../app/password-refusal.ts';
import { useSession } from '../../app/session.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { updateUser } from './api.ts';
import {
  toPasswordChange,
  validateOwnPasswordChange,
  validatePasswordReset,
  type TPasswordChangeValues,
} from './user-form.ts';

type Props = { user: TUser | null; onClose: () => void };

const EMPTY: TPasswordChangeValues = { password: '', currentPassword: '', mfaCode: '' };

export function ResetPasswordModal({ user, onClose }: Props) {
  const { session } = useSession();
  const own = user !== null && String(user.id) === session?.user.sub;
  const withCode = own && user.mfaEnrolled;
  const form = useForm<TPasswordChangeValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => (own ? validateOwnPasswordChange(withCode)(values) : validatePasswordReset(values)),
  });
  const mutation = useMutation({
    mutationFn: ({ id, body }: { id: number; body: TUpdateUserRequest }) => updateUser(id, body),
    onSuccess: (updated) => {
      notifications.show({
        color: 'green',
        message: own
          ? 'Your password was changed. Sign in again with it.'
          : `The password of "${updated.username}" was reset.`,
      });
      close();
    },
    // The API client shows the refusal; a refused password, current password or code shows under its field as well.
    onError: (error) => {
      const refusal = passwordRefusal(error);
      if (refusal !== undefined) form.setFieldError(refusal.field, refusal.message);
    },
  });

  function close() {
    form.reset();
    onClose();
  }

  const submit = form.onSubmit((values) => {
    if (user !== null) mutation.mutate({ id: user.id, body: toPasswordChange(values, own) });
  });

  return (
    <Modal opened={user !== null} onClose={close} title={own ? 'Change your password' : 'Reset password'}>
      <form onSubmit={submit} noValidate aria-label={own ? 'Change your password' : 'Reset password'}>
        <Stack gap="md">
          {own ? (
            <Text size="sm">
              A new password for your own account ({user.username}). You will be signed out everywhere and sign in again
              with it.
            </Text>
          ) : (
            <Text size="sm">
              A new password for <strong>{user?.name}</strong> ({user?.username}). Tell them in person; it is not shown
              again.
            </Text>
          )}
          {own && (
            <PasswordInput
              label="Current password"
              withAsterisk
              autoComplete="current-password"
              {...form.getInputProps('currentPassword')}
            />
          )}
          <PasswordInput
            label="New password"
            withAsterisk
            description="At least 8 characters; not a common password, nor containing the username or name."
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          {withCode && (
            <TextInput
              label="Authenticator code"
              withAsterisk
              description="The code your authenticator app shows, or a recovery code."
              autoComplete="one-time-code"
              {...form.getInputProps('mfaCode')}
            />
          )}
          <FormActions onCancel={close} saving={mutation.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
