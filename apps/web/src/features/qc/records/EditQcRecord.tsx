// /editqc/:id and /editClientqc/:id: a QC record's marks and texts, its total and grade recomputed live; Update
// saves ('Update Successful!' and back to the list it came from) or shows 'Update failed' with the server's reason.
// The edit names the version the page loaded: if someone saved the record since, the server refuses it (409) and
// the page says who and when, keeping every mark and text the inspector chose. Below the form, the record's history.
// The scorecard, its keys and the bar with the live total and Update (kept at the bottom of the screen) are the QC
// panel's; so is the player, over the scorecard, when a recording is linked to the record.
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QC_MESSAGES, REFUSAL_CODES, STANDARD_SCORECARD_ID, type TQcKind } from '@crm/shared';
import { EditCardRecord } from './EditCardRecord.tsx';
import { ApiError } from '../../../app/api.ts';
import { isRefusedAs } from '../../../app/refusal.ts';
import {
  QC_RECORDS_KEY,
  fetchQcRecord,
  qcHistoryKey,
  qcRecordKey,
  updateQcRecord,
  type TApplyToClient,
} from './api.ts';
import { appliedNames, useApplyToClient } from './ApplyToClient.tsx';
import { fieldsOfForm, fieldsOfRecord } from './apply-to-client.ts';
import { ScoreBar } from '../scorecard/ScoreBar.tsx';
import { PLAYER_KEYS_NOTE, ScoringPlayer, STICKY_TOP } from '../../../components/recording/ScoringPlayer.tsx';
import { CriterionTable } from './CriterionTable.tsx';
import { QcRecordHistory } from './QcRecordHistory.tsx';
import {
  QC_KIND_ROUTES,
  formFromRecord,
  formatDuration,
  offScaleCriteria,
  scoreOf,
  type TAnyQcRecord,
} from './record-form.ts';

export const EDIT_TITLES: Record<TQcKind, string> = { 'in-house': 'Edit QC Record', client: 'Edit Client QC Record' };
const LIST_NAMES: Record<TQcKind, string> = { 'in-house': 'QC Records Inhouse', client: 'QC Records Client' };

/** The list to return to: the one the edit was opened from (its page and filters), else the kind's list. */
function useBackPath(kind: TQcKind): string {
  const state: unknown = useLocation().state;
  const from =
    typeof state === 'object' &&
    state !== null &&
    'from' in state &&
    typeof state.from === 'string' &&
    state.from.startsWith('?')
      ? state.from
      : '';
  return `${QC_KIND_ROUTES[kind].list}${from}`;
}

function CallFacts({ record }: { record: TAnyQcRecord }) {
  const facts: [string, string][] = [
    ['Call date', record.callDate],
    ['Agent', `${record.agentName} (${record.agentId})`],
    ['Campaign', record.campaignName],
    ['Consumer number', record.consumerNumber],
    ['Duration', formatDuration(record.duration)],
    ['QC inspector', record.qcInspector],
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 3 }} spacing="xs" component="dl" m={0}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <Text component="dt" size="xs" c="dimmed">
            {term}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** Someone saved the record after this page loaded it: their words, and a way to load their version. */
function ConflictAlert({ message, onReload }: { message: string; onReload: () => void }) {
  return (
    <Alert color="orange" variant="light" p="xs" title="This record was changed by someone else" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Text size="sm">
          Your marks and texts are still on this page and nothing was saved. The history below shows what they changed.
        </Text>
        <Button size="xs" color="orange" variant="light" onClick={onReload}>
          Load their version (discards your changes)
        </Button>
      </Stack>
    </Alert>
  );
}

type EditFormProps = { kind: TQcKind; record: TAnyQcRecord; backPath: string; onReload: () => void };

function EditForm({ kind, record, backPath, onReload }: EditFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => formFromRecord(record));
  // The version the marks on screen started from, whatever the record query reads later.
  const [version] = useState(record.version);
  const [conflict, setConflict] = useState<string | null>(null);
  const offScale = offScaleCriteria(form);
  const [before] = useState(() => fieldsOfRecord(record));
  const after = fieldsOfForm(form);
  const toClient = useApplyToClient(record, before, after, false);
  const mutation = useMutation({
    mutationFn: (apply: TApplyToClient | undefined) => updateQcRecord(kind, record.id, version, form, apply),
    onSuccess: async (reply) => {
      const applied = appliedNames(reply, after);
      notifications.show({
        color: 'green',
        title: applied === null ? undefined : QC_MESSAGES.updateSuccessful,
        message: applied === null ? QC_MESSAGES.updateSuccessful : QC_MESSAGES.appliedToClient(applied),
      });
      await queryClient.invalidateQueries({ queryKey: QC_RECORDS_KEY });
      await navigate(backPath);
    },
    onError: (error) => {
      notifications.show({ color: 'red', title: QC_MESSAGES.updateFailed, message: error.message, autoClose: 8000 });
      if (toClient.onRefused(error)) return;
      if (isRefusedAs(error, REFUSAL_CODES.staleVersion)) {
        setConflict(error.message);
        void queryClient.invalidateQueries({ queryKey: qcHistoryKey(record.id) });
      }
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (offScale.length > 0) {
      notifications.show({
        color: 'red',
        title: QC_MESSAGES.updateFailed,
        message: `Choose marks on the scale for ${offScale.map((c) => c.name).join(', ')}.`,
      });
      return;
    }
    mutation.mutate(toClient.send);
  };

  return (
    <form onSubmit={submit} aria-label={EDIT_TITLES[kind]}>
      <Stack gap="sm">
        <Card withBorder padding="sm">
          <CallFacts record={record} />
        </Card>
        {record.fileName !== null && (
          <ScoringPlayer recording={{ date: record.callDate, fileName: record.fileName }} empty="" style={STICKY_TOP} />
        )}
        {offScale.length > 0 && (
          <Alert color="yellow" title="Marks off the scale">
            {`This record holds marks no scale allows for ${offScale.map((c) => c.name).join(', ')}. Choose one of the listed marks before updating.`}
          </Alert>
        )}
        <CriterionTable
          form={form}
          onChange={setForm}
          disabled={mutation.isPending}
          keysNote={record.fileName === null ? undefined : PLAYER_KEYS_NOTE}
        />
        <ScoreBar
          results={[{ key: 'record', ...scoreOf(form) }]}
          note={toClient.option}
          actions={
            <>
              <Button variant="default" component={Link} to={backPath}>
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending} disabled={conflict !== null}>
                Update
              </Button>
            </>
          }
        >
          {conflict !== null && <ConflictAlert message={conflict} onReload={onReload} />}
        </ScoreBar>
      </Stack>
    </form>
  );
}

function LoadProblem({
  error,
  kind,
  id,
  backPath,
  onRetry,
}: {
  error: unknown;
  kind: TQcKind;
  id: number;
  backPath: string;
  onRetry: () => void;
}) {
  const back = (
    <Button component={Link} to={backPath} size="xs" variant="light">
      Back to {LIST_NAMES[kind]}
    </Button>
  );
  if (!(error instanceof ApiError) || error.status === 404 || error.status === 400) {
    return (
      <Alert color="yellow" title="QC record not found" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{`There is no ${kind} QC record with id ${Number.isSafeInteger(id) ? id : '?'}. It may have been deleted.`}</Text>
          {back}
        </Stack>
      </Alert>
    );
  }
  if (error.status === 403) {
    return (
      <Alert color="red" title="You cannot edit this record" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{error.message}</Text>
          {back}
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" title="The record could not be loaded" role="alert">
      <Group justify="space-between">
        <Text size="sm">{error.message}</Text>
        <Button size="xs" color="red" variant="light" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}

export function EditQcRecord({ kind }: { kind: TQcKind }) {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const backPath = useBackPath(kind);
  const record = useQuery({
    queryKey: qcRecordKey(kind, id),
    queryFn: () => fetchQcRecord(kind, id),
    enabled: valid,
    staleTime: 0,
    retry: false,
  });
  // Raised to start the form again from the record as stored now (after a refused edit).
  const [loads, setLoads] = useState(0);
  const reload = async () => {
    await record.refetch();
    setLoads((n) => n + 1);
  };

  let body;
  if (!valid) {
    body = <LoadProblem error={undefined} kind={kind} id={id} backPath={backPath} onRetry={() => undefined} />;
  } else if (record.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading QC record" />
      </Center>
    );
  } else if (record.isError) {
    body = (
      <LoadProblem error={record.error} kind={kind} id={id} backPath={backPath} onRetry={() => void record.refetch()} />
    );
  } else if (record.data.scorecardId !== STANDARD_SCORECARD_ID) {
    body = <EditCardRecord key={`${record.data.id}:${loads}`} kind={kind} record={record.data} backPath={backPath} />;
  } else {
    body = (
      <EditForm
        key={`${record.data.id}:${loads}`}
        kind={kind}
        record={record.data}
        backPath={backPath}
        onReload={() => void reload()}
      />
    );
  }

  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>{EDIT_TITLES[kind]}</Title>
      {body}
      {record.isSuccess && <QcRecordHistory id={record.data.id} />}
    </Stack>
  );
}
