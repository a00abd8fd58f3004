// "Login As Agent": shift, agent ID, password and one of the active campaigns.
import { useState, type FormEvent } from 'react';
import { Anchor, Button, NativeSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SHIFTS, type TShift, type TSignInAgentRequest } from '@crm/shared';
import { LOGIN_CAMPAIGNS_KEY, activeCampaignNames, fetchCampaigns } from './sign-in.ts';
import { hasErrors, requiredErrors, type TFieldErrors } from './required-fields.ts';

type TField = 'shift' | 'username' | 'password' | 'campaign';
const LABELS: Record<TField, string> = {
  shift: 'Shift',
  username: 'Agent ID',
  password: 'Password',
  campaign: 'Campaign',
};
const EMPTY: Record<TField, string> = { shift: '', username: '', password: '', campaign: '' };

type Props = { pending: boolean; onSubmit: (body: TSignInAgentRequest) => void };

function isShift(value: string): value is TShift {
  return (SHIFTS as readonly string[]).includes(value);
}

export function AgentLoginForm({ pending, onSubmit }: Props) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<TFieldErrors<TField>>({});
  const campaigns = useQuery({
    queryKey: LOGIN_CAMPAIGNS_KEY,
    queryFn: ({ signal }) => fetchCampaigns(signal),
    select: activeCampaignNames,
  });

  const change = (field: TField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = requiredErrors(values, LABELS);
    setErrors(found);
    if (hasErrors(found) || !isShift(values.shift)) return;
    onSubmit({
      username: values.username.trim(),
      password: values.password,
      shift: values.shift,
      campaign: values.campaign,
    });
  };

  const campaignPlaceholder = campaigns.isPending
    ? 'Loading campaigns…'
    : campaigns.data?.length === 0
      ? 'No active campaigns'
      : 'Select campaign';
  const campaignError =
    errors.campaign ??
    (campaigns.isError ? (
      <>
        Could not load campaigns.{' '}
        <Anchor component="button" type="button" size="xs" onClick={() => void campaigns.refetch()}>
          Retry
        </Anchor>
      </>
    ) : undefined);

  return (
    <form onSubmit={submit} noValidate aria-label="Login As Agent">
      <Stack gap="md">
        <NativeSelect
          label={LABELS.shift}
          value={values.shift}
          onChange={(event) => change('shift', event.currentTarget.value)}
          data={[{ value: '', label: 'Select shift', disabled: true }, ...SHIFTS]}
          error={errors.shift}
        />
        <TextInput
          label={LABELS.username}
          autoComplete="username"
          value={values.username}
          onChange={(event) => change('username', event.currentTarget.value)}
          error={errors.username}
        />
        <PasswordInput
          label={LABELS.password}
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => change('password', event.currentTarget.value)}
          error={errors.password}
        />
        <NativeSelect
          label={LABELS.campaign}
          value={values.campaign}
          onChange={(event) => change('campaign', event.currentTarget.value)}
          data={[{ value: '', label: campaignPlaceholder, disabled: true }, ...(campaigns.data ?? [])]}
          error={campaignError}
        />
        <Button type="submit" fullWidth loading={pending} mt="xs">
          Login
        </Button>
      </Stack>
    </form>
  );
}
