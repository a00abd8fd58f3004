// /coaching/:id (docs/coaching.md): a session's details, its linked QC records (each opens), the steps its state and
// the viewer's role allow (Held, Close; the agent's Acknowledge with a comment), and once closed the before/after
// figure. The agent's view never has the private notes (the server leaves them out).
import { useState } from 'react';
import { Alert, Anchor, Button, Grid, Group, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { COACHING_LIMITS, COACHING_MESSAGES, type TCoachingSession } from '@crm/shared';
import { useSession } from '../../app/session.ts';
import { refusalOfError } from '../../app/refusal.ts';
import { formatDateTimeMinutes } from '../../app/time-zone.ts';
import { confirmAction } from '../../components/confirm.tsx';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import {
  COACHING_KEY,
  acknowledgeCoachingSession,
  coachingSessionKey,
  fetchCoachingSession,
  stepCoachingSession,
  type TCoachingStep,
} from './api.ts';
import { sessionSteps, type TViewer } from './coaching-view.ts';
import { StateBadges } from './StateBadges.tsx';
import { ResultFigure } from './ResultFigure.tsx';

const when = (iso: string | null) => (iso === null ? '—' : formatDateTimeMinutes(iso));

function refusalText(error: Error): string {
  const refusal = refusalOfError(error);
  return refusal?.code ? `${error.message} (${refusal.code})` : error.message;
}

function Facts({ session: s }: { session: TCoachingSession }) {
  const rows: [string, string][] = [
    ['Agent', `${s.agentName} (${s.agentId})`],
    ['Campaign', s.campaignName],
    ['Inspector', s.coach],
    ['Meeting date', s.meetingDate ?? '—'],
    ['Created on', when(s.createdAt)],
    ['Held on', when(s.heldAt)],
    ['Acknowledge by', when(s.acknowledgeDueAt)],
    ['Acknowledged on', when(s.acknowledgedAt)],
    ['Closed on', s.closedAt === null ? '—' : `${when(s.closedAt)}${s.closedBy ? ` by ${s.closedBy}` : ''}`],
  ];
  return (
    <Table fz="sm" verticalSpacing={2} withRowBorders={false} aria-label="Session details">
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th w={140} fw={500} c="dimmed">
              {name}
            </Table.Th>
            <Table.Td c={name === 'Acknowledge by' && s.overdue ? 'red.8' : undefined}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function TextBlock({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap={2}>
      <Text fw={600} fz="sm">
        {title}
      </Text>
      <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text === '' ? '—' : text}
      </Text>
    </Stack>
  );
}

function LinkedRecords({ session, agentView }: { session: TCoachingSession; agentView: boolean }) {
  if (session.qcRecords.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No QC records linked.
      </Text>
    );
  return (
    <Table withTableBorder fz="sm" verticalSpacing={2}>
      <Table.Caption>Linked QC records</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Record</Table.Th>
          <Table.Th>Call date</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th>Grade</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {session.qcRecords.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Td>
              {/* The agent's records are read on their QC Review; inspectors and admins open the record itself. */}
              <Anchor component={Link} to={agentView ? '/agent-performance' : `/editqc/${r.id}`} fz="sm">
                QC record {r.id}
              </Anchor>
            </Table.Td>
            <Table.Td>{r.callDate}</Table.Td>
            <Table.Td ta="right">{r.total}</Table.Td>
            <Table.Td>{r.agentGrade}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function AcknowledgeForm({ session }: { session: TCoachingSession }) {
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const acknowledge = useMutation({
    mutationFn: () => acknowledgeCoachingSession(session.id, comment),
    onSuccess: (saved) => {
      notifications.show({ color: 'green', message: COACHING_MESSAGES.acknowledged });
      queryClient.setQueryData(coachingSessionKey(session.id), saved);
      void queryClient.invalidateQueries({ queryKey: COACHING_KEY });
    },
  });
  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-yellow-light)">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          acknowledge.mutate();
        }}
        aria-label="Acknowledge the session"
      >
        <Group align="flex-end" wrap="nowrap">
          <Textarea
            label="Your comment"
            description={`Please acknowledge this session${session.acknowledgeDueAt ? ` by ${when(session.acknowledgeDueAt)}` : ''}`}
            autosize
            minRows={1}
            maxRows={3}
            maxLength={COACHING_LIMITS.text}
            style={{ flex: 1 }}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
          <Button type="submit" loading={acknowledge.isPending}>
            Acknowledge
          </Button>
        </Group>
        {acknowledge.isError && (
          <Text c="red" fz="sm" role="alert" mt={4}>
            {refusalText(acknowledge.error)}
          </Text>
        )}
      </form>
    </Paper>
  );
}

export default function CoachingSessionPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { session: signedIn } = useSession();
  const viewer: TViewer = { role: signedIn?.role ?? 'AGENT', userId: Number(signedIn?.user.sub ?? 0) };
  const agentView = viewer.role === 'AGENT';
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: coachingSessionKey(id), queryFn: () => fetchCoachingSession(id), enabled: valid });
  const step = useMutation({
    mutationFn: (which: TCoachingStep) => stepCoachingSession(id, which),
    onSuccess: (saved, which) => {
      notifications.show({
        color: 'green',
        message: which === 'held' ? 'Coaching session held' : COACHING_MESSAGES.closed,
      });
      queryClient.setQueryData(coachingSessionKey(id), saved);
      void queryClient.invalidateQueries({ queryKey: COACHING_KEY });
    },
  });

  if (!valid) return <Text>No such coaching session.</Text>;
  if (query.isPending) return <LoadingRow />;
  if (query.isError)
    return (
      <RetryAlert
        title="The coaching session could not be loaded"
        message={refusalText(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  const s = query.data;
  const steps = sessionSteps(s, viewer);
  const onClose = async () => {
    const body =
      s.state === 'held'
        ? 'Close this session without the agent’s acknowledgement? The before/after figure is computed now.'
        : 'Close this session? The before/after figure is computed now.';
    if (await confirmAction({ body, danger: false })) step.mutate('close');
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Anchor component={Link} to="/coaching" fz="sm">
            ← {agentView ? 'My coaching' : 'Sessions'}
          </Anchor>
          <Title order={1} fz={24}>
            Coaching session {s.id}
          </Title>
          <StateBadges session={s} />
        </Group>
        <Group gap="sm" wrap="nowrap">
          {steps.hold && (
            <Button onClick={() => step.mutate('held')} loading={step.isPending && step.variables === 'held'}>
              Mark held
            </Button>
          )}
          {steps.close && (
            <Button color="gray" onClick={() => void onClose()} loading={step.isPending && step.variables === 'close'}>
              Close session
            </Button>
          )}
        </Group>
      </Group>
      {step.isError && (
        <Alert color="red" variant="light" role="alert" p="xs">
          {refusalText(step.error)}
        </Alert>
      )}
      {steps.acknowledge && <AcknowledgeForm session={s} />}
      {s.result !== null && <ResultFigure result={s.result} />}
      <Grid gap="md">
        <Grid.Col span={5}>
          <Stack gap="sm">
            <Facts session={s} />
            <Stack gap={2}>
              <Text fw={600} fz="sm">
                Focus criteria
              </Text>
              <Text fz="sm">{s.focus.map((f) => f.name).join(', ')}</Text>
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={7}>
          <Stack gap="sm">
            <TextBlock title="Notes for the agent" text={s.notes} />
            {s.privateNotes !== undefined && <TextBlock title="Private notes" text={s.privateNotes} />}
            {s.actionItems.length > 0 && (
              <Table withTableBorder fz="sm" verticalSpacing={2}>
                <Table.Caption>Action items</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Action item</Table.Th>
                    <Table.Th w={120}>Due</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.actionItems.map((item, i) => (
                    <Table.Tr key={i}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.text}</Table.Td>
                      <Table.Td>{item.due}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {s.acknowledgedAt !== null && (
              <TextBlock title="The agent's acknowledgement" text={s.acknowledgement ?? ''} />
            )}
            <LinkedRecords session={s} agentView={agentView} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
