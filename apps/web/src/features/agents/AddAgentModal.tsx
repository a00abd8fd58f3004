// The "Add Agent" modal: category, name, agent ID and password required (docs/product.md §5), then POST /api/ac/addAgent.
import { Modal, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AGENT_MESSAGES } from '@crm/shared';
import { refusedField } from '../../app/form-schema.ts';
import { passwordRefusal } from '../../app/password-refusal.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { addAgent, AGENTS_KEY } from './api.ts';
import { AgentInput } from './AgentInput.tsx';
import {
  ADD_FIELDS,
  AGENT_REFUSALS,
  EMPTY_AGENT_FORM,
  toCreateRequest,
  validateAgentForm,
  type TAgentFormValues,
} from './agent-form.ts';

type Props = { opened: boolean; onClose: () => void };

export function AddAgentModal({ opened, onClose }: Props) {
  const queryClient = useQueryClient();
  const form = useForm<TAgentFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_AGENT_FORM,
    validate: validateAgentForm,
  });
  const mutation = useMutation({
    mutationFn: addAgent,
    onSuccess: async () => {
      notifications.show({ color: 'green', message: AGENT_MESSAGES.added });
      form.reset();
      onClose();
      await queryClient.invalidateQueries({ queryKey: AGENTS_KEY });
    },
    onError: (error) => {
      // The modal stays open with what was typed, and a taken agent ID shows under its field too, to be corrected.
      notifications.show({ color: 'red', title: AGENT_MESSAGES.addFailed, message: error.message, autoClose: 8000 });
      const field = refusedField(error, AGENT_REFUSALS);
      if (field !== undefined) form.setFieldError(field, error.message);
      // A password a rule refuses (docs/trust.md, Passwords): the server's words under the password field.
      const refusal = passwordRefusal(error);
      if (refusal?.field === 'password') form.setFieldError('password', refusal.message);
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Add Agent" size="xl">
      <form
        onSubmit={form.onSubmit((values) => mutation.mutate(toCreateRequest(values)))}
        noValidate
        aria-label="Add Agent"
      >
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {ADD_FIELDS.map((field) => (
              <AgentInput key={field} field={field} mode="add" form={form} disabled={mutation.isPending} />
            ))}
          </SimpleGrid>
          <FormActions onCancel={onClose} saving={mutation.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
