// One campaign's settings on one row (the QC queue's Settings tab, the suspicious completes' settings): a form bound to
// the shared schema's validation, Save, a green notice once saved, and the server's refusal shown in place.
import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useForm, type FormValidateInput, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';

export function CampaignSettingsForm<TValues extends Record<string, unknown>>({
  label,
  initialValues,
  validate,
  save,
  onSaved,
  fields,
}: {
  /** The form's name ("Queue settings of Mobile"); the notice says it was saved. */
  label: string;
  initialValues: TValues;
  validate: FormValidateInput<TValues>;
  /** Sends a form that passed validation; a refusal is shown under the fields. */
  save: (values: TValues) => Promise<unknown>;
  onSaved: () => void;
  /** The inputs, before Save on the row. */
  fields: (form: UseFormReturnType<TValues>) => ReactNode;
}) {
  const form = useForm<TValues>({ mode: 'controlled', initialValues, validate });
  const saving = useMutation({
    mutationFn: save,
    onSuccess: () => {
      notifications.show({ color: 'green', message: `${label} saved` });
      onSaved();
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => saving.mutate(values))} noValidate aria-label={label}>
      <Stack gap="xs">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          {fields(form)}
          <Button type="submit" mt={25} loading={saving.isPending}>
            Save
          </Button>
        </Group>
        {saving.error !== null && (
          <Alert color="red" variant="light" role="alert" title="The settings were not saved">
            {saving.error.message}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
