// /agent-performance ("QC Review"): an agent's in-house QC records, each reviewed once (agreed, a concern, a comment)
// and then showing its review and, later, its resolution. An admin picks an agent and sees that agent's rows read-only.
import { useState } from 'react';
import { Alert, Card, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { LoadingRow, RetryAlert } from '../../../components/QueryState.tsx';
import { SCORABLE_AGENTS_KEY, agentRecordsKey, fetchAgentQcRecords, fetchScorableAgents } from './api.ts';
import { AgentReviewRow } from './AgentReviewRow.tsx';
import type { TAgentReviewDisputes } from './dispute-slots.ts';
import { ReviewTable } from '../../../components/ReviewTable.tsx';

const HEADERS = ['Call', 'Voice Log', 'Marks', 'QC Comment', 'Agreed? / Concern', 'Agent Comment', 'Action'];

function AgentPicker({ value, onChange }: { value: string | null; onChange: (agentId: string | null) => void }) {
  const agents = useQuery({ queryKey: SCORABLE_AGENTS_KEY, queryFn: fetchScorableAgents, staleTime: 60_000 });
  if (agents.isError) {
    return (
      <RetryAlert
        title="The agent list could not be loaded"
        message={agents.error.message}
        onRetry={() => void agents.refetch()}
      />
    );
  }
  return (
    <Select
      label="Agent"
      placeholder={agents.isPending ? 'Loading agents…' : 'Choose an agent'}
      w={320}
      searchable
      clearable
      nothingFoundMessage="No agent matches"
      data={(agents.data ?? []).map((a) => ({ value: a.agentId, label: `${a.name} (${a.agentId})` }))}
      value={value}
      onChange={onChange}
    />
  );
}

type TRecordsTableProps = { agentId: string | null; canReview: boolean; disputes: TAgentReviewDisputes };

function RecordsTable({ agentId, canReview, disputes }: TRecordsTableProps) {
  const records = useQuery({
    queryKey: agentRecordsKey(agentId),
    queryFn: () => fetchAgentQcRecords(agentId),
    staleTime: 0,
  });

  let message = null;
  if (records.isPending) message = <LoadingRow />;
  else if (records.isError)
    message = (
      <RetryAlert
        title="The QC records could not be loaded"
        message={records.error.message}
        onRetry={() => void records.refetch()}
      />
    );
  else if (records.data.length === 0) {
    message = (
      <Text ta="center" c="dimmed" py="lg">
        No QC records yet
      </Text>
    );
  }

  return (
    <disputes.DisputeWindow enabled={canReview}>
      {(until) => (
        <ReviewTable label="QC Records" headers={HEADERS} busy={records.isFetching} message={message}>
          {(records.data ?? []).map((r) => (
            <AgentReviewRow key={r.id} record={r} canReview={canReview} disputeUntil={until(r)} disputes={disputes} />
          ))}
        </ReviewTable>
      )}
    </disputes.DisputeWindow>
  );
}

/** `disputes`: the dispute parts of the rows, from features/disputes through app/pages.tsx. */
export default function AgentReviewPage({ disputes }: { disputes: TAgentReviewDisputes }) {
  const { session } = useSession();
  const isAgent = session?.role === 'AGENT';
  const [agentId, setAgentId] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      <Title order={1}>QC Review</Title>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            QC Records
          </Title>
          {isAgent ? (
            <Text size="sm" c="dimmed">
              Listen to the call, say whether you agree with the marks, raise a concern if you want QC to look again,
              and submit; or dispute the marks of particular criteria, each with the mark you believe is right. Each
              record is reviewed once.
            </Text>
          ) : (
            <>
              <AgentPicker value={agentId} onChange={setAgentId} />
              <Alert color="blue" variant="light">
                Reviews are written by the agents themselves; here you see an agent&apos;s records and reviews
                read-only.
              </Alert>
            </>
          )}
          {isAgent || agentId !== null ? (
            <RecordsTable agentId={isAgent ? null : agentId} canReview={isAgent} disputes={disputes} />
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
