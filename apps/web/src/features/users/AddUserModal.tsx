// "Add QC inspector": username, name and password; the new inspector signs in with Login As Admin.
import { Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refusedField } from '../../app/form-schema.ts';
import { passwordRefusal } from '../../app/password-refusal.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { createQcUser, USERS_KEY } from './api.ts';
import {
  EMPTY_USER_FORM,
  toCreateUserRequest,
  USER_REFUSALS,
  validateUserForm,
  type TUserFormValues,
} from './user-form.ts';

type Props = { opened: boolean; onClose: () => void };

export function AddUserModal({ opened, onClose }: Props) {
  const queryClient = useQueryClient();
  const form = useForm<TUserFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_USER_FORM,
    validate: validateUserForm,
  });
  const mutation = useMutation({
    mutationFn: createQcUser,
    onSuccess: async (user) => {
      notifications.show({ color: 'green', message: `QC inspector "${user.username}" added.` });
      form.reset();
      onClose();
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
    // The API client shows a refusal with the server's words; a taken username or a refused password shows under its
    // field as well.
    onError: (error) => {
      const field = refusedField(error, USER_REFUSALS);
      if (field !== undefined) form.setFieldError(field, error.message);
      const refusal = passwordRefusal(error);
      if (refusal?.field === 'password') form.setFieldError('password', refusal.message);
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Add QC inspector">
      <form
        onSubmit={form.onSubmit((values) => mutation.mutate(toCreateUserRequest(values)))}
        noValidate
        aria-label="Add QC inspector"
      >
        <Stack gap="md">
          <TextInput label="Username" withAsterisk autoComplete="off" {...form.getInputProps('username')} />
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
          <PasswordInput
            label="Password"
            withAsterisk
            description="At least 8 characters."
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <FormActions onCancel={onClose} saving={mutation.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
