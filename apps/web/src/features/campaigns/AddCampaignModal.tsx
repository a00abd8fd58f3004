// The "Add Campaign" modal: required type, name and code (spec §5), then POST /cc/addCampaign.
import { useState, type FormEvent } from 'react';
import { Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CAMPAIGN_MESSAGES } from '@crm/shared';
import { addCampaign, CAMPAIGNS_KEY } from './api.ts';
import { CampaignFields } from './CampaignFields.tsx';
import { EMPTY_CAMPAIGN_FORM, toCreateRequest, validateCampaignForm, type TCampaignFormErrors } from './campaign-form.ts';
import { FormActions } from '../../components/FormActions.tsx';

type Props = { opened: boolean; onClose: () => void };

export function AddCampaignModal({ opened, onClose }: Props) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY_CAMPAIGN_FORM);
  const [errors, setErrors] = useState<TCampaignFormErrors>({});
  const mutation = useMutation({
    mutationFn: addCampaign,
    onSuccess: async () => {
      notifications.show({ color: 'green', message: CAMPAIGN_MESSAGES.added });
      setValues(EMPTY_CAMPAIGN_FORM);
      setErrors({});
      onClose();
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
    },
    onError: (error) => {
      notifications.show({ color: 'red', title: CAMPAIGN_MESSAGES.addFailed, message: error.message, autoClose: 8000 });
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
    mutation.mutate(toCreateRequest(values));
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add Campaign" size="lg">
      <form onSubmit={submit} noValidate aria-label="Add Campaign">
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
          <FormActions onCancel={onClose} saving={mutation.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
