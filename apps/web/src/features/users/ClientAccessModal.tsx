// "Client access": the campaigns a client account sees and whether it may play recordings (PUT /api/users/{id}).
import { useEffect } from 'react';
import { Modal, MultiSelect, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZClientCampaignNames, type TUser } from '@crm/shared';
import { z } from 'zod';
import { refusedField, schemaValidate } from '../../app/form-schema.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { ALL_CAMPAIGNS_KEY, campaignOptions, fetchAllCampaigns } from '../../components/campaign-options.ts';
import { updateUser, USERS_KEY } from './api.ts';
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
  const campaigns = useQuery({ queryKey: ALL_CAMPAIGNS_KEY, queryFn: fetchAllCampaigns, enabled: user !== null });
  const options = campaignOptions({
    campaigns: campaigns.data ?? [],
    tables: undefined,
    offer: 'all',
    activeOnly: false,
  });
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
          <MultiSelect
            label="Campaigns"
            withAsterisk
            description="The client sees these campaigns' results and client QC records only."
            placeholder={campaigns.isPending ? 'Loading campaigns…' : 'Choose campaigns'}
            data={options}
            searchable
            clearable
            nothingFoundMessage="No campaign of that name"
            {...form.getInputProps('campaigns')}
          />
          {campaigns.isError && (
            <Text size="sm" c="red" role="alert">
              The campaigns could not be loaded: {campaigns.error.message}
            </Text>
          )}
          <Switch
            label="May play recordings"
            description="Off: the client never hears a call."
            {...form.getInputProps('recordings', { type: 'checkbox' })}
          />
          <FormActions onCancel={onClose} saving={mutation.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
