// The "Add Campaign" modal: required type, name and code (docs/product.md §5), then POST /cc/addCampaign.
import { Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CAMPAIGN_MESSAGES } from '@crm/shared';
import { refusedField } from '../../app/form-schema.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { addCampaign, CAMPAIGNS_KEY } from './api.ts';
import { CampaignFields } from './CampaignFields.tsx';
import {
  CAMPAIGN_REFUSALS,
  EMPTY_CAMPAIGN_FORM,
  toCreateRequest,
  validateCampaignForm,
  type TCampaignFormValues,
} from './campaign-form.ts';

type Props = { opened: boolean; onClose: () => void };

export function AddCampaignModal({ opened, onClose }: Props) {
  const queryClient = useQueryClient();
  const form = useForm<TCampaignFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_CAMPAIGN_FORM,
    validate: validateCampaignForm,
  });
  const mutation = useMutation({
    mutationFn: addCampaign,
    onSuccess: async () => {
      notifications.show({ color: 'green', message: CAMPAIGN_MESSAGES.added });
      form.reset();
      onClose();
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
    },
    onError: (error) => {
      notifications.show({ color: 'red', title: CAMPAIGN_MESSAGES.addFailed, message: error.message, autoClose: 8000 });
      // A taken name or code also shows under its field, which stays as typed to be corrected.
      const field = refusedField(error, CAMPAIGN_REFUSALS);
      if (field !== undefined) form.setFieldError(field, error.message);
    },
  });

  const submit = form.onSubmit(
    (values) => mutation.mutate(toCreateRequest(values)),
    () => notifications.show({ color: 'red', message: CAMPAIGN_MESSAGES.requiredFields }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Add Campaign" size="lg">
      <form onSubmit={submit} noValidate aria-label="Add Campaign">
        <Stack gap="lg">
          <CampaignFields form={form} disabled={mutation.isPending} />
          <FormActions onCancel={onClose} saving={mutation.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
