// The "Add Agent" modal: category, name, agent ID and password required (spec §5), then POST /api/ac/addAgent.
import { useState, type FormEvent } from 'react';
import { Modal, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AGENT_MESSAGES } from '@crm/shared';
import { addAgent, AGENTS_KEY } from './api.ts';
import { AgentInput } from './AgentInput.tsx';
import { ADD_FIELDS, EMPTY_AGENT_FORM, toCreateRequest, validateAgentForm, type TAgentField, type TAgentFormErrors } from './agent-form.ts';
import { FormActions } from '../../components/FormActions.tsx';

type Props = { opened: boolean; onClose: () => void };

export function AddAgentModal({ opened, onClose }: Props) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY_AGENT_FORM);
  const [errors, setErrors] = useState<TAgentFormErrors>({});
  const mutation = useMutation({
    mutationFn: addAgent,
    onSuccess: async () => {
      notifications.show({ color: 'green', message: AGENT_MESSAGES.added });
      setValues(EMPTY_AGENT_FORM);
      setErrors({});
      onClose();
      await queryClient.invalidateQueries({ queryKey: AGENTS_KEY });
    },
    onError: (error) => {
      // The modal stays open with what was typed, so a duplicate agent ID can be corrected.
      notifications.show({ color: 'red', title: AGENT_MESSAGES.addFailed, message: error.message, autoClose: 8000 });
    },
  });

  const change = (field: TAgentField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateAgentForm(values, 'add');
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate(toCreateRequest(values));
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add Agent" size="xl">
      <form onSubmit={submit} noValidate aria-label="Add Agent">
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {ADD_FIELDS.map((field) => (
              <AgentInput key={field} field={field} mode="add" values={values} errors={errors} onChange={change} disabled={mutation.isPending} />
            ))}
          </SimpleGrid>
          <FormActions onCancel={onClose} saving={mutation.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
