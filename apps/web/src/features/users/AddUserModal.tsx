// "Add QC inspector" / "Add client account": username, name and password, and for a client its campaigns and whether it
// may play recordings; both sign in with Login As Admin (docs/guide/users.md, docs/guide/clients.md).
import { useEffect } from 'react';
import { Modal, PasswordInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refusedField } from '../../app/form-schema.ts';
import { passwordRefusal } from '../../app/password-refusal.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { createUser, USERS_KEY } from './api.ts';
import { ClientAccessFields } from './ClientAccessFields.tsx';
import {
  EMPTY_USER_FORM,
  toCreateUserRequest,
  USER_REFUSALS,
  validateUserForm,
  type TUserFormValues,
} from './user-form.ts';

type TNewRole = TUserFormValues['role'];
const TITLES: Record<TNewRole, string> = { QC: 'Add QC inspector', CLIENT: 'Add client account' };
const ADDED: Record<TNewRole, string> = { QC: 'QC inspector', CLIENT: 'Client account' };

/** `role`: the kind of account the modal opens on (the role choice inside changes it). */
type Props = { opened: boolean; onClose: () => void; role?: TNewRole };

export function AddUserModal({ opened, onClose, role = 'QC' }: Props) {
  const queryClient = useQueryClient();
  const form = useForm<TUserFormValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY_USER_FORM, role },
    validate: validateUserForm,
  });
  const { setFieldValue } = form;
  // Opened again from the other button: the role follows it; what was typed stays.
  useEffect(() => {
    if (opened) setFieldValue('role', role);
  }, [opened, role, setFieldValue]);
  const client = form.values.role === 'CLIENT';
  const mutation = useMutation({
    mutationFn: createUser,
    onSuccess: async (user) => {
      notifications.show({ color: 'green', message: `${ADDED[form.values.role]} "${user.username}" added.` });
      form.reset();
      onClose();
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
    // The API client shows a refusal with the server's words; a taken username, a refused password or an unknown
    // campaign shows under its field as well.
    onError: (error) => {
      const field = refusedField(error, USER_REFUSALS);
      if (field !== undefined) form.setFieldError(field, error.message);
      const refusal = passwordRefusal(error);
      if (refusal?.field === 'password') form.setFieldError('password', refusal.message);
    },
  });
  const title = TITLES[form.values.role];

  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form
        onSubmit={form.onSubmit((values) => mutation.mutate(toCreateUserRequest(values)))}
        noValidate
        aria-label={title}
      >
        <Stack gap="md">
          <SegmentedControl
            aria-label="Kind of account"
            data={[
              { value: 'QC', label: 'QC inspector' },
              { value: 'CLIENT', label: 'Client' },
            ]}
            value={form.values.role}
            onChange={(value) => form.setFieldValue('role', value === 'CLIENT' ? 'CLIENT' : 'QC')}
          />
          <TextInput label="Username" withAsterisk autoComplete="off" {...form.getInputProps('username')} />
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
          <PasswordInput
            label="Password"
            withAsterisk
            description="At least 8 characters."
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          {client && <ClientAccessFields form={form} shown={opened} />}
          <FormActions onCancel={onClose} saving={mutation.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
