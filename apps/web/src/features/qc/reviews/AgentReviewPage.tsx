// /agent-performance ("QC Review"): an agent's in-house QC records, newest call first, paged by key and narrowed by
// call date; each with its grade, lost criteria and the inspector's comments (RecordFeedback.tsx), reviewed once
// (agreed, a concern, a comment) and acknowledged once, then showing its review and, later, its resolution. An admin
// picks an agent and sees that agent's rows read-only. The page, size, dates and agent live in the address
// (review-params.ts), so a reload or Back keeps them.
import { Alert, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { useAddressState } from '../../../app/use-search-update.ts';
import { DateField } from '../../../components/DateField.tsx';
import { KeysetPager, PageSizeSelect } from '../../../components/Pager.tsx';
import { keysetPagerState, nextNav, previousNav, type TKeysetNav } from '../../../components/pager.ts';
import { LoadingRow, RetryAlert } from '../../../components/QueryState.tsx';
import {
  SCORABLE_AGENTS_KEY,
  agentRecordsKey,
  fetchAgentQcRecords,
  fetchScorableAgents,
  type TAgentRecordsQuery,
} from './api.ts';
import { AgentReviewRow } from './AgentReviewRow.tsx';
import type { TAgentReviewDisputes } from './dispute-slots.ts';
import { ReviewTable } from '../../../components/ReviewTable.tsx';
import {
  FIRST_PAGE,
  changeReviewParams,
  readReviewParams,
  writeReviewParams,
  type TReviewParams,
} from './review-params.ts';

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

type TRecordsTableProps = {
  agentId: string | null;
  canReview: boolean;
  disputes: TAgentReviewDisputes;
  params: TReviewParams;
  onChange: (change: Partial<TReviewParams>) => void;
};

/** The page asked of the server: a cursor's page, the first or the last. */
function pageOf(nav: TKeysetNav): TAgentRecordsQuery['page'] {
  if (nav.kind === 'after' || nav.kind === 'before') return { kind: nav.kind, cursor: nav.cursor };
  return nav.kind === 'last' ? { kind: 'last' } : { kind: 'first' };
}

function RecordsTable({ agentId, canReview, disputes, params, onChange }: TRecordsTableProps) {
  const { size, nav, startDate, endDate } = params;
  const query: TAgentRecordsQuery = { size, page: pageOf(nav), startDate, endDate };
  const records = useQuery({
    queryKey: [...agentRecordsKey(agentId), query],
    queryFn: () => fetchAgentQcRecords(agentId, query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const rows = records.data?.response.content ?? [];
  const cursors = records.data?.cursors;
  const pager = keysetPagerState(nav, {
    number: records.data?.response.number ?? 0,
    totalElements: records.data?.response.totalElements ?? 0,
    count: rows.length,
    hasPrevious: (cursors?.previous ?? null) !== null,
    hasNext: (cursors?.next ?? null) !== null,
  });
  const filtered = startDate !== '' || endDate !== '';

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
  else if (rows.length === 0) {
    message = (
      <Text ta="center" c="dimmed" py="lg">
        {filtered ? 'No QC records of calls between these dates' : 'No QC records yet'}
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <PageSizeSelect value={size} onChange={(next) => onChange({ size: next })} />
        <Group gap="sm" align="flex-end">
          <DateField
            label="Calls from"
            w={170}
            value={startDate}
            onChange={(date) => onChange({ startDate: date })}
            clearLabel="Clear the first call date"
          />
          <DateField
            label="Calls to"
            w={170}
            value={endDate}
            onChange={(date) => onChange({ endDate: date })}
            clearLabel="Clear the last call date"
          />
        </Group>
      </Group>
      <disputes.DisputeWindow enabled={canReview}>
        {(until) => (
          <ReviewTable label="QC Records" headers={HEADERS} busy={records.isFetching} message={message}>
            {rows.map((r) => (
              <AgentReviewRow
                key={r.id}
                record={r}
                canReview={canReview}
                disputeUntil={r.disputeUntil === undefined ? until(r) : new Date(r.disputeUntil)}
                disputes={disputes}
              />
            ))}
          </ReviewTable>
        )}
      </disputes.DisputeWindow>
      <KeysetPager
        pager={pager}
        onFirst={() => onChange({ nav: FIRST_PAGE })}
        onPrevious={() => cursors?.previous && onChange({ nav: previousNav(pager, cursors.previous) })}
        onNext={() => cursors?.next && onChange({ nav: nextNav(pager, cursors.next) })}
        onLast={() => onChange({ nav: { kind: 'last' } })}
      />
    </Stack>
  );
}

/** `disputes`: the dispute parts of the rows, from features/disputes through app/pages.tsx. */
const REVIEW_ADDRESS = { read: readReviewParams, write: writeReviewParams, change: changeReviewParams };

export default function AgentReviewPage({ disputes }: { disputes: TAgentReviewDisputes }) {
  const { session } = useSession();
  const isAgent = session?.role === 'AGENT';
  const [params, update] = useAddressState(REVIEW_ADDRESS);
  const agentId = params.agentId === '' ? null : params.agentId;

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
              record is reviewed once. Under each record: its grade, the criteria where marks were lost and the
              inspector&apos;s comments (Play from here plays the call from a comment&apos;s moment); Acknowledge signs
              it off.
            </Text>
          ) : (
            <>
              <AgentPicker value={agentId} onChange={(picked) => update({ agentId: picked ?? '' })} />
              <Alert color="blue" variant="light">
                Reviews are written by the agents themselves; here you see an agent&apos;s records and reviews
                read-only.
              </Alert>
            </>
          )}
          {isAgent || agentId !== null ? (
            <RecordsTable
              agentId={isAgent ? null : agentId}
              canReview={isAgent}
              disputes={disputes}
              params={params}
              onChange={update}
            />
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
