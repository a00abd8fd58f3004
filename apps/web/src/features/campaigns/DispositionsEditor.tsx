// The campaign's dispositions on its edit page (docs/guide/call-loop.md "Dispositions"): the set in the agent's order, each
// row's code, name, kind and VICIdial status; add, remove, move up and down, Reset to defaults; saved whole by
// PUT /api/dispositions or refused whole, with the server's problems under the fields they name.
import { useRef } from 'react';
import { flushSync } from 'react-dom';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  List,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_DISPOSITIONS,
  DISPOSITION_KINDS,
  DISPOSITION_MESSAGES,
  MAX_DISPOSITIONS,
  type TDisposition,
} from '@crm/shared';
import { useUnsavedGuard } from '../../app/use-unsaved-guard.ts';
import { DISPOSITION_KIND_LABELS } from '../../components/lead-attempts.ts';
import { RetryAlert } from '../../components/QueryState.tsx';
import { dispositionsKey, fetchDispositions, saveDispositions } from './api.ts';
import {
  KIND_HELP,
  KIND_OPTIONS,
  SET_ERRORS,
  blankRow,
  dispositionRows,
  isDispositionKind,
  moveRow,
  refusalErrors,
  toDispositionsPut,
  validateDispositions,
  type TDispositionFormValues,
} from './disposition-form.ts';

export const DISPOSITIONS_FAILED = 'The dispositions were not saved';
export const DISPOSITIONS_UNSAVED = 'The changes to the dispositions are not saved yet.';

/** The control to focus once React has drawn the rows again (a moved row's button, a new row's code). */
type TFocus = { key: string; control: 'up' | 'down' | 'code' | 'remove' } | { key: 'add'; control: 'add' };

const controlId = (key: string, control: string) => `${key}-${control}`;

function KindsHelp() {
  return (
    <List size="xs" spacing={0} c="dimmed" aria-label="What each kind does">
      {DISPOSITION_KINDS.map((kind) => (
        <List.Item key={kind}>
          <Text span size="xs" fw={600} c="dark">
            {DISPOSITION_KIND_LABELS[kind]}:
          </Text>{' '}
          {KIND_HELP[kind]}
        </List.Item>
      ))}
    </List>
  );
}

function DispositionsForm({ campaignName, saved }: { campaignName: string; saved: readonly TDisposition[] }) {
  const queryClient = useQueryClient();
  const form = useForm<TDispositionFormValues>({
    mode: 'controlled',
    initialValues: { dispositions: dispositionRows(saved) },
    validate: validateDispositions(campaignName),
  });
  const addButton = useRef<HTMLButtonElement>(null);
  const rows = form.values.dispositions;
  const dirty = form.isDirty();
  useUnsavedGuard({ active: dirty, message: DISPOSITIONS_UNSAVED });

  const mutation = useMutation({
    mutationFn: saveDispositions,
    onSuccess: (stored) => {
      notifications.show({ color: 'green', message: DISPOSITION_MESSAGES.saved });
      // The set as stored becomes the form's saved state (Discard changes comes back to it); each row keeps its key.
      const rows = form.getValues().dispositions;
      const values = { dispositions: stored.map((d, i) => ({ ...d, key: rows[i]?.key ?? blankRow().key })) };
      form.setInitialValues(values);
      form.setValues(values);
      form.resetDirty(values);
      queryClient.setQueryData(dispositionsKey(campaignName), stored);
    },
    onError: (error) => {
      notifications.show({ color: 'red', title: DISPOSITIONS_FAILED, message: error.message, autoClose: 8000 });
      form.setErrors(refusalErrors(error));
    },
  });

  const submit = form.onSubmit((values) => mutation.mutate(toDispositionsPut(campaignName, values)));

  /**
   * Changes the rows, then puts the focus where the admin was working once React has drawn them: a moved row's
   * arrow (its other arrow when it reached the end), the next row's Remove, a new row's code.
   */
  const changeRows = (change: () => void, focus: TFocus) => {
    flushSync(change);
    const element =
      focus.key === 'add' ? addButton.current : document.getElementById(controlId(focus.key, focus.control));
    if (element instanceof HTMLButtonElement && element.disabled)
      document.getElementById(controlId(focus.key, focus.control === 'up' ? 'down' : 'up'))?.focus();
    else element?.focus();
  };

  const move = (index: number, by: -1 | 1) => {
    const row = rows[index];
    if (row === undefined) return;
    changeRows(
      () => {
        form.setFieldValue('dispositions', moveRow(rows, index, by));
        form.clearErrors();
      },
      { key: row.key, control: by === -1 ? 'up' : 'down' },
    );
  };
  const remove = (index: number) => {
    const next = rows[index + 1] ?? rows[index - 1];
    changeRows(
      () => {
        form.removeListItem('dispositions', index);
        form.clearErrors();
      },
      next === undefined ? { key: 'add', control: 'add' } : { key: next.key, control: 'remove' },
    );
  };
  const add = () => {
    const row = blankRow();
    changeRows(() => form.insertListItem('dispositions', row), { key: row.key, control: 'code' });
  };
  const resetToDefaults = () => {
    form.setFieldValue('dispositions', dispositionRows(DEFAULT_DISPOSITIONS));
    form.clearErrors();
  };
  const discard = () => {
    form.reset();
    form.clearErrors();
  };

  const setProblems = typeof form.errors[SET_ERRORS] === 'string' ? form.errors[SET_ERRORS].split('\n') : [];
  const full = rows.length >= MAX_DISPOSITIONS;
  const busy = mutation.isPending;

  return (
    <form onSubmit={submit} noValidate aria-label={`Dispositions of ${campaignName}`}>
      <Stack gap="sm">
        {setProblems.length > 0 && (
          <Alert
            color="red"
            variant="light"
            p="xs"
            role="alert"
            title={mutation.isError ? DISPOSITIONS_FAILED : 'Fix these before saving'}
          >
            <List size="sm">
              {setProblems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Table verticalSpacing={4} horizontalSpacing={6} aria-label="Dispositions in the agent's order">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36} title="The key that chooses it on the agent's screen">
                Key
              </Table.Th>
              <Table.Th w={150}>Code</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th w={150}>Kind</Table.Th>
              <Table.Th w={130}>VICIdial status</Table.Th>
              <Table.Th w={104}>
                <VisuallyHidden>Order and remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => {
              const n = i + 1;
              const label = row.name.trim() || row.code.trim() || `row ${n}`;
              return (
                <Table.Tr key={row.key}>
                  <Table.Td fz="sm" c="dimmed">
                    {n <= 9 ? n : '—'}
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      id={controlId(row.key, 'code')}
                      aria-label={`Code, row ${n}`}
                      maxLength={20}
                      disabled={busy}
                      {...form.getInputProps(`dispositions.${i}.code`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={`Name, row ${n}`}
                      maxLength={60}
                      disabled={busy}
                      {...form.getInputProps(`dispositions.${i}.name`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      size="xs"
                      aria-label={`Kind, row ${n}`}
                      data={KIND_OPTIONS}
                      disabled={busy}
                      {...form.getInputProps(`dispositions.${i}.kind`)}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        if (isDispositionKind(value)) form.setFieldValue(`dispositions.${i}.kind`, value);
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={`VICIdial status, row ${n}`}
                      maxLength={6}
                      disabled={busy}
                      {...form.getInputProps(`dispositions.${i}.vicidialStatus`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        id={controlId(row.key, 'up')}
                        variant="default"
                        size="md"
                        aria-label={`Move ${label} up`}
                        disabled={busy || i === 0}
                        onClick={() => move(i, -1)}
                      >
                        ↑
                      </ActionIcon>
                      <ActionIcon
                        id={controlId(row.key, 'down')}
                        variant="default"
                        size="md"
                        aria-label={`Move ${label} down`}
                        disabled={busy || i === rows.length - 1}
                        onClick={() => move(i, 1)}
                      >
                        ↓
                      </ActionIcon>
                      <ActionIcon
                        id={controlId(row.key, 'remove')}
                        variant="light"
                        color="red"
                        size="md"
                        aria-label={`Remove ${label}`}
                        disabled={busy}
                        onClick={() => remove(i)}
                      >
                        ✕
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            No dispositions: add some, or press Reset to defaults.
          </Text>
        )}
        {/* Sticky: Save stays in view while the list is on the screen, however long it is. */}
        <Group
          justify="space-between"
          py="xs"
          style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)', zIndex: 1 }}
        >
          <Group gap="xs">
            <Button ref={addButton} variant="light" size="sm" onClick={add} disabled={busy || full}>
              Add disposition
            </Button>
            <Button variant="default" size="sm" onClick={resetToDefaults} disabled={busy}>
              Reset to defaults
            </Button>
            {full && (
              <Text size="xs" c="dimmed">
                At most {MAX_DISPOSITIONS} dispositions
              </Text>
            )}
          </Group>
          <Group gap="xs">
            {dirty && (
              <Text size="xs" c="orange.8" role="status">
                Not saved yet
              </Text>
            )}
            {dirty && (
              <Button variant="subtle" size="sm" onClick={discard} disabled={busy}>
                Discard changes
              </Button>
            )}
            <Button type="submit" size="sm" loading={busy}>
              Save dispositions
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** The section under the campaign's own fields; its own Save, since the set is stored apart from the campaign. */
export function DispositionsEditor({ campaignName }: { campaignName: string }) {
  const dispositions = useQuery({
    queryKey: dispositionsKey(campaignName),
    queryFn: () => fetchDispositions(campaignName),
    staleTime: 0,
  });
  return (
    <Paper withBorder p="lg" maw={1000} component="section" aria-labelledby="dispositions-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id="dispositions-title">
            Dispositions
          </Title>
          <Text size="sm" c="dimmed">
            How a call ends: the agent’s screen offers them in this order (keys 1–9 choose the first nine), and a call
            the dialer placed sends its VICIdial status back. A campaign needs a completed and a callback one.
          </Text>
        </div>
        <KindsHelp />
        {dispositions.isPending ? (
          <Text size="sm" c="dimmed">
            Loading the dispositions…
          </Text>
        ) : dispositions.isError ? (
          <RetryAlert
            title="The dispositions could not be loaded"
            message={dispositions.error.message}
            onRetry={() => void dispositions.refetch()}
          />
        ) : (
          // A new campaign name (or a reload after another admin's save) starts the form afresh.
          <DispositionsForm key={campaignName} campaignName={campaignName} saved={dispositions.data} />
        )}
      </Stack>
    </Paper>
  );
}
