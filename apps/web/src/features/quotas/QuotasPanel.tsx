// The "Quotas" tab of /logicManagement/{campaignName} (docs/guide/quotas.md): the campaign's quotas with their live
// count/limit, adding one (a lead field or a question, its value, a limit), changing a limit, and deleting one.
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QUOTA_LEAD_COLUMNS, ZQuotaBody, qnoNumber, quotaName, type TQuestion, type TQuota } from '@crm/shared';
import { FormActions } from '../../components/FormActions.tsx';
import { useDeleteRow } from '../../components/use-delete-row.ts';
import { ALL_DATA_TABLES_KEY, fetchAllDataTables } from '../../components/campaign-options.ts';
import {
  bodyWithLimit,
  campaignQuotasKey,
  createQuota,
  deleteQuota,
  fetchQuotas,
  QUOTAS_KEY,
  updateQuota,
} from './quotas-api.ts';
import { EMPTY_QUOTA, quotaInput, useQuotaForm, valueChoices, type TQuotaFormValues } from './quota-form.ts';

/** How often the list asks for the counts again while it is open: agents complete calls meanwhile. */
const LIVE_COUNT_MS = 15_000;

function AddQuotaForm({ campaignName, questions }: { campaignName: string; questions: TQuestion[] }) {
  const queryClient = useQueryClient();
  const form = useQuotaForm();
  // The campaign's own columns (its data table's), besides the default ones.
  const tables = useQuery({ queryKey: ALL_DATA_TABLES_KEY, queryFn: fetchAllDataTables });
  const columns = tables.data?.find((t) => t.campaignName.toLowerCase() === campaignName.toLowerCase())?.columns ?? [];
  const fields = [...QUOTA_LEAD_COLUMNS, ...columns];
  const { kind, questionNo } = form.getValues();
  const question = questions.find((q) => String(qnoNumber(q.qno)) === questionNo);
  const choices = kind === 'question' ? valueChoices(question) : null;
  const mutation = useMutation({
    // Checked by the form already: parse only turns the values into the request.
    mutationFn: (values: TQuotaFormValues) => createQuota(campaignName, ZQuotaBody.parse(quotaInput(values))),
    onSuccess: async (quota) => {
      notifications.show({
        color: 'green',
        message: `Quota added: ${quotaName(quota)} = ${quota.value}, ${quota.count}/${quota.limit}`,
      });
      form.setValues(EMPTY_QUOTA);
      await queryClient.invalidateQueries({ queryKey: QUOTAS_KEY });
    },
  });

  return (
    <Paper
      withBorder
      p="md"
      component="form"
      aria-label="Add quota"
      noValidate
      onSubmit={form.onSubmit((values) => mutation.mutate(values))}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          Add quota
        </Title>
        <SegmentedControl
          aria-label="Count by"
          data={[
            { value: 'field', label: 'Lead field' },
            { value: 'question', label: 'Question' },
          ]}
          {...form.getInputProps('kind')}
          onChange={(value) => form.setValues({ kind: value === 'question' ? 'question' : 'field', value: '' })}
          w="fit-content"
        />
        <Group align="flex-start" grow>
          {kind === 'field' ? (
            <NativeSelect
              label="Lead field"
              withAsterisk
              data={[{ value: '', label: 'Choose a field' }, ...fields.map((f) => ({ value: f, label: f }))]}
              {...form.getInputProps('field')}
            />
          ) : (
            <NativeSelect
              label="Question"
              withAsterisk
              data={[
                { value: '', label: 'Choose a question' },
                ...questions.map((q) => ({ value: String(qnoNumber(q.qno)), label: `${q.qno}. ${q.title}` })),
              ]}
              {...form.getInputProps('questionNo')}
              onChange={(e) => form.setValues({ questionNo: e.currentTarget.value, value: '' })}
            />
          )}
          {choices === null ? (
            <TextInput
              label="Value"
              withAsterisk
              placeholder={kind === 'field' ? 'Dhaka' : 'The answer'}
              {...form.getInputProps('value')}
            />
          ) : (
            <NativeSelect
              label="Value"
              withAsterisk
              data={[{ value: '', label: 'Choose an option' }, ...choices]}
              {...form.getInputProps('value')}
            />
          )}
          <NumberInput
            label="Limit"
            withAsterisk
            min={1}
            allowDecimal={false}
            allowNegative={false}
            placeholder="300"
            {...form.getInputProps('limit')}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            Add quota
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function EditLimitModal({ quota, onClose }: { quota: TQuota | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [limit, setLimit] = useState<number | string>('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: ({ q, n }: { q: TQuota; n: number }) => updateQuota(q.id, bodyWithLimit(q, n)),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: 'Limit changed.' });
      onClose();
      await queryClient.invalidateQueries({ queryKey: QUOTAS_KEY });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (quota === null) return;
    const n = limit === '' ? quota.limit : Number(limit);
    if (!Number.isInteger(n) || n < 1) return setError('Limit must be a whole number above 0');
    setError(undefined);
    mutation.mutate({ q: quota, n });
  };
  return (
    <Modal
      opened={quota !== null}
      onClose={onClose}
      title={quota === null ? '' : `Limit of ${quotaName(quota)} = ${quota.value}`}
    >
      <form onSubmit={submit} noValidate aria-label="Edit limit">
        <Stack gap="md">
          <NumberInput
            label="Limit"
            withAsterisk
            min={1}
            allowDecimal={false}
            allowNegative={false}
            placeholder={String(quota?.limit ?? '')}
            value={limit}
            error={error}
            onChange={setLimit}
            data-autofocus
          />
          {quota !== null && (
            <Text size="sm" c="dimmed">
              {quota.count} completed so far; a limit at or below that makes the quota full.
            </Text>
          )}
          <FormActions onCancel={onClose} saving={mutation.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** count/limit, and "Full" once no more completed calls are taken. */
export function QuotaCount({ quota }: { quota: TQuota }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" ff="monospace">{`${quota.count}/${quota.limit}`}</Text>
      {quota.full && (
        <Badge color="red" variant="filled">
          Full
        </Badge>
      )}
    </Group>
  );
}

export function QuotasPanel({ campaignName, questions }: { campaignName: string; questions: TQuestion[] }) {
  const quotas = useQuery({
    queryKey: campaignQuotasKey(campaignName),
    queryFn: () => fetchQuotas(campaignName),
    refetchInterval: LIVE_COUNT_MS,
  });
  const [editing, setEditing] = useState<TQuota | null>(null);
  const remove = useDeleteRow<TQuota>({
    confirmBody: (q) =>
      `Delete the quota ${quotaName(q)} = ${q.value} (${q.count}/${q.limit})? Calls are no longer limited by it.`,
    remove: (q) => deleteQuota(q.id),
    notice: (q) => `Quota ${quotaName(q)} = ${q.value} deleted.`,
    reload: [QUOTAS_KEY],
  });

  let list;
  if (quotas.isPending) list = <Text c="dimmed">Loading quotas…</Text>;
  else if (quotas.error !== null)
    list = (
      <Alert color="red" title="The quotas could not be loaded">
        {quotas.error.message}
      </Alert>
    );
  else if (quotas.data.length === 0) list = <Text c="dimmed">No quotas: completed calls are not limited.</Text>;
  else {
    list = (
      <Table striped withTableBorder aria-label="Quotas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Quota</Table.Th>
            <Table.Th>Completed / limit</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {quotas.data.map((q) => (
            <Table.Tr key={q.id}>
              <Table.Td>{`${quotaName(q)} = ${q.value}`}</Table.Td>
              <Table.Td>
                <QuotaCount quota={q} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setEditing(q)}
                    aria-label={`Edit limit of ${quotaName(q)} = ${q.value}`}
                  >
                    Edit limit
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="subtle"
                    onClick={() => void remove(q)}
                    aria-label={`Delete quota ${quotaName(q)} = ${q.value}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        A quota limits the completed calls of leads with a field's value or an answer. Once full, agents cannot open a
        lead in it, a save that would complete a call in it is refused, and generate holds such leads back.
      </Text>
      {list}
      <AddQuotaForm campaignName={campaignName} questions={questions} />
      <EditLimitModal quota={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
