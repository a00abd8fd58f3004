// "Add QC inspector": username, name and password; the new inspector signs in with Login As Admin.
import { useState, type FormEvent } from 'react';
import { Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createQcUser, USERS_KEY } from './api.ts';
import { EMPTY_USER_FORM, validateUserForm, type TUserFormErrors, type TUserFormValues } from './user-form.ts';
import { FormActions } from '../../components/FormActions.tsx';

type Props = { opened: boolean; onClose: () => void };

export function AddUserModal({ opened, onClose }: Props) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY_USER_FORM);
  const [errors, setErrors] = useState<TUserFormErrors>({});
  const mutation = useMutation({
    mutationFn: createQcUser,
    onSuccess: async (user) => {
      notifications.show({ color: 'green', message: `QC inspector "${user.username}" added.` });
      setValues(EMPTY_USER_FORM);
      setErrors({});
      onClose();
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
    // A refusal (e.g. the username is taken) is shown by the API client with the server's words.
  });

  const change = (field: keyof TUserFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateUserForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate({ username: values.username.trim(), name: values.name.trim(), password: values.password });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add QC inspector">
      <form onSubmit={submit} noValidate aria-label="Add QC inspector">
        <Stack gap="md">
          <TextInput label="Username" withAsterisk autoComplete="off" value={values.username} error={errors.username} onChange={(e) => change('username', e.currentTarget.value)} />
          <TextInput label="Name" withAsterisk value={values.name} error={errors.name} onChange={(e) => change('name', e.currentTarget.value)} />
          <PasswordInput
            label="Password"
            withAsterisk
            description="At least 8 characters."
            autoComplete="new-password"
            value={values.password}
            error={errors.password}
            onChange={(e) => change('password', e.currentTarget.value)}
          />
          <FormActions onCancel={onClose} saving={mutation.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
