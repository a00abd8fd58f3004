// "Login As Admin": admin (or QC inspector) ID and password.
import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { TSignInAdminRequest } from '@crm/shared';
import { hasErrors, requiredErrors, type TFieldErrors } from './required-fields.ts';

type TField = 'username' | 'password';
const LABELS: Record<TField, string> = { username: 'Admin ID', password: 'Password' };

/** initialUsername: the admin ID of an earlier attempt (back from the second step, the password to type again). */
type Props = { pending: boolean; onSubmit: (body: TSignInAdminRequest) => void; initialUsername?: string };

export function AdminLoginForm({ pending, onSubmit, initialUsername = '' }: Props) {
  const [values, setValues] = useState<Record<TField, string>>({ username: initialUsername, password: '' });
  const [errors, setErrors] = useState<TFieldErrors<TField>>({});

  const change = (field: TField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = requiredErrors(values, LABELS);
    setErrors(found);
    if (!hasErrors(found)) onSubmit({ username: values.username.trim(), password: values.password });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Login As Admin">
      <Stack gap="md">
        <TextInput
          label={LABELS.username}
          autoComplete="username"
          autoFocus={initialUsername === ''}
          value={values.username}
          onChange={(event) => change('username', event.currentTarget.value)}
          error={errors.username}
        />
        <PasswordInput
          label={LABELS.password}
          autoComplete="current-password"
          autoFocus={initialUsername !== ''}
          value={values.password}
          onChange={(event) => change('password', event.currentTarget.value)}
          error={errors.password}
        />
        <Button type="submit" fullWidth loading={pending} mt="xs">
          Login
        </Button>
      </Stack>
    </form>
  );
}
