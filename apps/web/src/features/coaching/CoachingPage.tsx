// /coaching (docs/coaching.md): QC inspectors and admins see every coaching session, filtered by agent, campaign and
// state, overdue acknowledgements flagged, and plan a new one (?new=1, filled from QC insights' agentId, campaignName
// and focus); an agent sees their own sessions, without private notes.
import { useEffect, useState } from 'react';
import { Anchor, Button, Group, NativeSelect, ScrollArea, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  COACHING_MESSAGES,
  COACHING_STATES,
  type TCoachingListQuery,
  type TCoachingSession,
  type TCoachingState,
} from '@crm/shared';
import { useSession } from '../../app/session.ts';
import { formatDateTimeMinutes } from '../../app/time-zone.ts';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import {
  COACHING_AGENTS_KEY,
  COACHING_KEY,
  coachingListKey,
  fetchCoachingAgents,
  fetchCoachingSessions,
} from './api.ts';
import { coachingFormFromParams, emptyCoachingForm, wantsNewSession } from './coaching-form.ts';
import { STATE_LABELS } from './coaching-view.ts';
import { StateBadges } from './StateBadges.tsx';
import { NewSessionModal } from './NewSessionModal.tsx';

/** The list's height: the window's, less the title, filters and the shell around them. */
const LIST_HEIGHT = 'max(240px, calc(100dvh - 250px))';

function SessionsTable({ sessions, agentView }: { sessions: TCoachingSession[]; agentView: boolean }) {
  return (
    <ScrollArea.Autosize mah={LIST_HEIGHT} type="auto">
      <Table striped highlightOnHover withTableBorder fz="sm" verticalSpacing={4} stickyHeader>
        <Table.Caption>{agentView ? 'My coaching sessions' : 'Coaching sessions'}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Session</Table.Th>
            {!agentView && <Table.Th>Agent</Table.Th>}
            <Table.Th>Campaign</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Focus</Table.Th>
            <Table.Th>Meeting</Table.Th>
            <Table.Th>Acknowledge by</Table.Th>
            <Table.Th>Inspector</Table.Th>
            <Table.Th>Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <Anchor component={Link} to={`/coaching/${s.id}`} fz="sm">
                  Session {s.id}
                </Anchor>
              </Table.Td>
              {!agentView && (
                <Table.Td>
                  {s.agentName} ({s.agentId})
                </Table.Td>
              )}
              <Table.Td>{s.campaignName}</Table.Td>
              <Table.Td>
                <StateBadges session={s} />
              </Table.Td>
              <Table.Td>{s.focus.map((f) => f.name).join(', ')}</Table.Td>
              <Table.Td>{s.meetingDate ?? '—'}</Table.Td>
              <Table.Td c={s.overdue ? 'red.8' : undefined}>
                {s.state === 'held' && s.acknowledgeDueAt ? formatDateTimeMinutes(s.acknowledgeDueAt) : '—'}
              </Table.Td>
              <Table.Td>{s.coach}</Table.Td>
              <Table.Td>{formatDateTimeMinutes(s.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function Filters({
  filters,
  onChange,
  agentView,
}: {
  filters: TCoachingListQuery;
  onChange: (next: TCoachingListQuery) => void;
  agentView: boolean;
}) {
  const agents = useQuery({ queryKey: COACHING_AGENTS_KEY, queryFn: fetchCoachingAgents, enabled: !agentView });
  return (
    <Group align="flex-end" gap="sm">
      {!agentView && (
        <Select
          label="Agent"
          w={260}
          searchable
          clearable
          placeholder={agents.isPending ? 'Loading agents…' : 'All agents'}
          data={(agents.data ?? []).map((a) => ({ value: a.agentId, label: `${a.name} (${a.agentId})` }))}
          value={filters.agentId ?? null}
          onChange={(v) => onChange({ ...filters, agentId: v ?? undefined })}
          error={agents.isError ? agents.error.message : undefined}
        />
      )}
      <CampaignSelect
        label="Campaign"
        w={220}
        allLabel="All campaigns"
        value={filters.campaignName ?? ''}
        onChange={(v) => onChange({ ...filters, campaignName: v === '' ? undefined : v })}
      />
      <NativeSelect
        label="State"
        w={170}
        value={filters.state ?? ''}
        onChange={(e) => {
          const v = e.currentTarget.value;
          onChange({ ...filters, state: v === '' ? undefined : (v as TCoachingState) });
        }}
        data={[
          { value: '', label: 'All states' },
          ...COACHING_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] })),
        ]}
      />
    </Group>
  );
}

export default function CoachingPage() {
  const { session: signedIn } = useSession();
  const agentView = signedIn?.role === 'AGENT';
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<TCoachingListQuery>({});
  const list = useQuery({ queryKey: coachingListKey(filters), queryFn: () => fetchCoachingSessions(filters) });
  // The form lives here, not in the dialog: closing it or a refusal keeps what was typed.
  const form = useForm({ mode: 'controlled', initialValues: emptyCoachingForm() });
  const opened = !agentView && wantsNewSession(params);
  const search = params.toString();
  useEffect(() => {
    const fill = coachingFormFromParams(new URLSearchParams(search));
    // A link that names the agent, campaign or focus (QC insights' Coach) starts the form afresh with them.
    if (wantsNewSession(new URLSearchParams(search)) && (fill.agentId || fill.campaignName || fill.focus.length > 0))
      form.setValues(fill);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per address, not on every keystroke of the form
  }, [search]);

  const sessions = list.data ?? [];
  const overdue = sessions.filter((s) => s.overdue).length;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1}>{agentView ? 'My coaching' : 'Coaching'}</Title>
        {!agentView && (
          <Button onClick={() => setParams({ new: '1' })} aria-haspopup="dialog">
            New session
          </Button>
        )}
      </Group>
      <Filters filters={filters} onChange={setFilters} agentView={agentView} />
      {list.isPending ? (
        <LoadingRow />
      ) : list.isError ? (
        <RetryAlert
          title="The coaching sessions could not be loaded"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : sessions.length === 0 ? (
        <Text role="status">{agentView ? 'No coaching sessions for you yet.' : 'No coaching sessions match.'}</Text>
      ) : (
        <>
          <Text fz="sm" c={overdue > 0 ? 'red.8' : 'dimmed'} role="status">
            {sessions.length} session{sessions.length === 1 ? '' : 's'}
            {overdue > 0 ? `, ${overdue} with the acknowledgement overdue` : ''}
          </Text>
          <SessionsTable sessions={sessions} agentView={agentView} />
        </>
      )}
      {!agentView && (
        <NewSessionModal
          opened={opened}
          form={form}
          onClose={() => setParams({}, { replace: true })}
          onSaved={(saved) => {
            notifications.show({ color: 'green', message: COACHING_MESSAGES.planned(saved.campaignName) });
            form.setValues(emptyCoachingForm());
            form.resetDirty();
            void queryClient.invalidateQueries({ queryKey: COACHING_KEY });
            void navigate(`/coaching/${saved.id}`);
          }}
        />
      )}
    </Stack>
  );
}
