// /editAgent/:id (spec §2 Edit agent): every Agent field in sections, status and a password reset; back to /agents.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Button, Center, Fieldset, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AGENT_MESSAGES, type TAgent } from '@crm/shared';
import { ApiError } from '../../app/api.ts';
import { agentKey, AGENTS_KEY, fetchAgent, updateAgent } from './api.ts';
import { AgentInput } from './AgentInput.tsx';
import { agentFormValues, EDIT_GROUPS, toUpdateRequest, validateAgentForm, type TAgentField, type TAgentFormErrors } from './agent-form.ts';
import { FormActions } from '../../components/FormActions.tsx';

function EditAgentForm({ agent }: { agent: TAgent }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => agentFormValues(agent));
  const [errors, setErrors] = useState<TAgentFormErrors>({});
  const mutation = useMutation({
    mutationFn: updateAgent,
    onSuccess: async () => {
      notifications.show({ color: 'green', message: AGENT_MESSAGES.updated });
      await queryClient.invalidateQueries({ queryKey: AGENTS_KEY });
      await navigate('/agents');
    },
    onError: (error) => {
      notifications.show({ color: 'red', title: AGENT_MESSAGES.updateFailed, message: error.message, autoClose: 8000 });
    },
  });

  const change = (field: TAgentField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateAgentForm(values, 'edit');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notifications.show({ color: 'red', title: AGENT_MESSAGES.updateFailed, message: 'Correct the marked fields.' });
      return;
    }
    mutation.mutate(toUpdateRequest(agent.id, values));
  };

  const input = (field: TAgentField) => (
    <AgentInput key={field} field={field} mode="edit" values={values} errors={errors} onChange={change} disabled={mutation.isPending} />
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
