// /editCampaign/:id (spec §2 Edit Campaign): name, code, type, call target and status; back to /campaign on Cancel or success.
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CAMPAIGN_MESSAGES, type TCampaign } from '@crm/shared';
import { CAMPAIGNS_KEY, campaignKey, fetchCampaign, updateCampaign } from './api.ts';
import { CampaignFields } from './CampaignFields.tsx';
import { campaignFormValues, toUpdateRequest, validateCampaignForm, type TCampaignFormErrors } from './campaign-form.ts';
import { FormActions } from '../../components/FormActions.tsx';

function EditCampaignForm({ campaign }: { campaign: TCampaign }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => campaignFormValues(campaign));
  const [errors, setErrors] = useState<TCampaignFormErrors>({});
  const mutation = useMutation({
    mutationFn: updateCampaign,
    onSuccess: async () => {
      notifications.show({ color: 'green', message: CAMPAIGN_MESSAGES.updated });
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      await navigate('/campaign');
    },
    onError: (error) => {
      notifications.show({ color: 'red', title: CAMPAIGN_MESSAGES.updateFailed, message: error.message, autoClose: 8000 });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateCampaignForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notifications.show({ color: 'red', message: CAMPAIGN_MESSAGES.requiredFields });
      return;
    }
    mutation.mutate(toUpdateRequest(campaign.id, values));
  };

  return (
    <Paper withBorder p="lg" maw={760}>
      <form onSubmit={submit} noValidate aria-label="Edit Campaign">
        <Stack gap="lg">
          <CampaignFields
            values={values}
            errors={errors}
            disabled={mutation.isPending}
            onChange={(next, changed) => {
              setValues(next);
              setErrors((current) => ({ ...current, [changed]: undefined }));
            }}
          />
          <FormActions onCancel={() => void navigate('/campaign')} saving={mutation.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}

export default function EditCampaignPage() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const campaign = useQuery({ queryKey: campaignKey(id), queryFn: () => fetchCampaign(id), enabled: valid, staleTime: 0 });

  let body;
  if (!valid) body = <Alert color="red">This campaign address is not valid.</Alert>;
  else if (campaign.isPending) body = <Center py="xl"><Loader aria-label="Loading campaign" /></Center>;
  else if (campaign.isError) body = <Alert color="red" title="The campaign could not be loaded">{campaign.error.message}</Alert>;
  else body = <EditCampaignForm key={campaign.data.id} campaign={campaign.data} />;

  return (
    <Stack gap="lg">
      <Title order={1}>Edit Campaign</Title>
      {body}
    </Stack>
  );
}
