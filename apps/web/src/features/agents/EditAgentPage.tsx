// /editAgent/:id (docs/product.md §2 Edit agent): every Agent field in sections, status and a password reset; back to /agents.
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Button, Center, Fieldset, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AGENT_MESSAGES, type TAgent } from '@crm/shared';
import { ApiError } from '../../app/api.ts';
import { refusedField } from '../../app/form-schema.ts';
import { passwordRefusal } from '../../app/password-refusal.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { agentKey, AGENTS_KEY, fetchAgent, updateAgent } from './api.ts';
import { AgentInput } from './AgentInput.tsx';
import {
  AGENT_REFUSALS,
  agentFormValues,
  CORRECT_MARKED_FIELDS,
  EDIT_GROUPS,
  toUpdateRequest,
  validateAgentEdit,
  type TAgentField,
  type TAgentFormValues,
} from './agent-form.ts';

function EditAgentForm({ agent }: { agent: TAgent }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<TAgentFormValues>({
    mode: 'controlled',
    initialValues: agentFormValues(agent),
    validate: validateAgentEdit(agent.id),
  });
  const mutation = useMutation({
    mutationFn: updateAgent,
    onSuccess: async () => {
      notifications.show({ color: 'green', message: AGENT_MESSAGES.updated });
      await queryClient.invalidateQueries({ queryKey: AGENTS_KEY });
      await navigate('/agents');
    },
    onError: (error) => {
      notifications.show({ color: 'red', title: AGENT_MESSAGES.updateFailed, message: error.message, autoClose: 8000 });
      const field = refusedField(error, AGENT_REFUSALS);
      if (field !== undefined) form.setFieldError(field, error.message);
      // A password a rule refuses (docs/trust.md, Passwords): the server's words under the password field.
      const refusal = passwordRefusal(error);
      if (refusal?.field === 'password') form.setFieldError('password', refusal.message);
    },
  });

  const submit = form.onSubmit(
    (values) => mutation.mutate(toUpdateRequest(agent.id, values)),
    () => notifications.show({ id: 'edit-agent:invalid', color: 'yellow', message: CORRECT_MARKED_FIELDS }),
  );

  const input = (field: TAgentField) => (
    <AgentInput key={field} field={field} mode="edit" form={form} disabled={mutation.isPending} />
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Edit Agent">
      <Stack gap="lg" maw={1200}>
        {EDIT_GROUPS.map((group) => (
          <Fieldset key={group.title} legend={group.title}>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {group.fields.map(input)}
            </SimpleGrid>
          </Fieldset>
        ))}
        <Fieldset legend="Status and sign-in">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {input('status')}
            {input('password')}
          </SimpleGrid>
          <Text size="sm" c="dimmed" mt="sm">
            An inactive agent cannot sign in, and is signed out at once.
          </Text>
        </Fieldset>
        <FormActions onCancel={() => void navigate('/agents')} saving={mutation.isPending} />
      </Stack>
    </form>
  );
}

export default function EditAgentPage() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const agent = useQuery({ queryKey: agentKey(id), queryFn: () => fetchAgent(id), enabled: valid, staleTime: 0 });

  let body;
  if (!valid || (agent.error instanceof ApiError && agent.error.status === 404)) {
    body = (
      <Alert color="yellow" title="Agent not found" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">There is no agent at this address. It may have been deleted.</Text>
          <Button component={Link} to="/agents" size="xs" variant="light">
            Back to Agents
          </Button>
        </Stack>
      </Alert>
    );
  } else if (agent.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading agent" />
      </Center>
    );
  } else if (agent.isError) {
    body = (
      <Alert color="red" title="The agent could not be loaded" role="alert">
        <Group justify="space-between">
          <Text size="sm">{agent.error.message}</Text>
          <Button size="xs" color="red" variant="light" onClick={() => void agent.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  } else {
    body = <EditAgentForm key={agent.data.id} agent={agent.data} />;
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Edit Agent{agent.data ? `: ${agent.data.name}` : ''}</Title>
      {body}
    </Stack>
  );
}
