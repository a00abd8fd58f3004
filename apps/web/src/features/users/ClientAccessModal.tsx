// "Client access": the campaigns a client account sees and whether it may play recordings (PUT /api/users/{id}).
import { useEffect } from 'react';
import { Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZClientCampaignNames, type TUser } from '@crm/shared';
import { z } from 'zod';
import { refusedField, schemaValidate } from '../../app/form-schema.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { updateUser, USERS_KEY } from './api.ts';
import { ClientAccessFields } from './ClientAccessFields.tsx';
import { USER_REFUSALS } from './user-form.ts';

type TAccessValues = { campaigns: string[]; recordings: boolean };

const validateAccess = schemaValidate(z.object({ campaigns: ZClientCampaignNames, recordings: z.boolean() }), {
  labels: { campaigns: 'Campaigns' },
  toInput: (values: TAccessValues) => values,
});

type Props = { user: TUser | null; onClose: () => void };

export function ClientAccessModal({ user, onClose }: Props) {
  const queryClient = useQueryClient();
  const form = useForm<TAccessValues>({
    mode: 'controlled',
    initialValues: { campaigns: [], recordings: false },
    validate: validateAccess,
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (user === null) return;
    const values = { campaigns: user.campaigns ?? [], recordings: user.recordingsAllowed ?? false };
    setValues(values);
    resetDirty(values);
  }, [user, setValues, resetDirty]);
  const mutation = useMutation({
    mutationFn: (values: TAccessValues) => updateUser(user?.id ?? 0, values),
    onSuccess: async (saved) => {
      notifications.show({ color: 'green', message: `"${saved.username}" now sees ${saved.campaigns?.join(', ')}.` });
      onClose();
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
    onError: (error) => {
      if (refusedField(error, USER_REFUSALS) === 'campaigns') form.setFieldError('campaigns', error.message);
    },
  });

  return (
    <Modal opened={user !== null} onClose={onClose} title={`Client access of ${user?.username ?? ''}`}>
      <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate aria-label="Client access">
        <Stack gap="md">
          <ClientAccessFields form={form} shown={user !== null} />
          <FormActions onCancel={onClose} saving={mutation.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
