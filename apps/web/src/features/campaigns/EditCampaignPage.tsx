// /editCampaign/:id (docs/product.md §2 Edit Campaign): name, code, type, call target, status and callback grace, back to
// /campaign on Cancel or success; under them the campaign's dispositions, saved on their own (docs/guide/call-loop.md).
import { useNavigate, useParams } from 'react-router';
import { Alert, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CAMPAIGN_MESSAGES, type TCampaign } from '@crm/shared';
import { refusedField } from '../../app/form-schema.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { CAMPAIGNS_KEY, campaignKey, fetchCampaign, updateCampaign } from './api.ts';
import { CampaignFields } from './CampaignFields.tsx';
import { CampaignScorecards } from './CampaignScorecards.tsx';
import { DispositionsEditor } from './DispositionsEditor.tsx';
import {
  CAMPAIGN_REFUSALS,
  campaignFormValues,
  toUpdateRequest,
  validateCampaignEdit,
  type TCampaignFormValues,
} from './campaign-form.ts';

function EditCampaignForm({ campaign }: { campaign: TCampaign }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<TCampaignFormValues>({
    mode: 'controlled',
    initialValues: campaignFormValues(campaign),
    validate: validateCampaignEdit(campaign.id),
  });
  const mutation = useMutation({
    mutationFn: updateCampaign,
    onSuccess: async () => {
      notifications.show({ color: 'green', message: CAMPAIGN_MESSAGES.updated });
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      await navigate('/campaign');
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: CAMPAIGN_MESSAGES.updateFailed,
        message: error.message,
        autoClose: 8000,
      });
      const field = refusedField(error, CAMPAIGN_REFUSALS);
      if (field !== undefined) form.setFieldError(field, error.message);
    },
  });

  const submit = form.onSubmit(
    (values) => mutation.mutate(toUpdateRequest(campaign.id, values)),
    () => notifications.show({ color: 'red', message: CAMPAIGN_MESSAGES.requiredFields }),
  );

  return (
    <Paper withBorder p="lg" maw={760}>
      <form onSubmit={submit} noValidate aria-label="Edit Campaign">
        <Stack gap="lg">
          <CampaignFields form={form} disabled={mutation.isPending} />
          <FormActions onCancel={() => void navigate('/campaign')} saving={mutation.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}

export default function EditCampaignPage() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const campaign = useQuery({
    queryKey: campaignKey(id),
    queryFn: () => fetchCampaign(id),
    enabled: valid,
    staleTime: 0,
  });

  let body;
  if (!valid) body = <Alert color="red">This campaign address is not valid.</Alert>;
  else if (campaign.isPending)
    body = (
      <Center py="xl">
        <Loader aria-label="Loading campaign" />
      </Center>
    );
  else if (campaign.isError)
    body = (
      <Alert color="red" title="The campaign could not be loaded">
        {campaign.error.message}
      </Alert>
    );
  else {
    body = (
      <>
        <EditCampaignForm key={campaign.data.id} campaign={campaign.data} />
        <DispositionsEditor campaignName={campaign.data.campaignName} />
        <CampaignScorecards campaignName={campaign.data.campaignName} />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Edit Campaign{campaign.data ? `: ${campaign.data.campaignName}` : ''}</Title>
      {body}
    </Stack>
  );
}
