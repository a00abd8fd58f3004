// The disputes of /flag-raised: open ones (and, for admins, escalated ones) with their age against the answer
// deadline, overdue first as the server orders them; each answered (or decided) in a dialog, criterion by criterion.
import { Fragment, useState } from 'react';
import { Badge, Box, Button, Card, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TDispute, TDisputeListQuery } from '@crm/shared';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { Pager } from '../../components/Pager.tsx';
import { pagerState } from '../../components/pager.ts';
import { AnswerDialog, type TAnswerMode } from './AnswerDialog.tsx';
import { disputeListKey, fetchDisputes } from './disputes-api.ts';
import { markText, outcomeBadge, outcomeText, timingOf } from './dispute-form.ts';
import { SecondaryMarks } from './DisputeOutcomeRow.tsx';
import { ReviewTable } from '../../components/ReviewTable.tsx';
import { useNow } from './use-now.ts';

const PAGE_SIZE = 10;
const HEADERS = ['Call', 'Total', 'Disputed criteria', 'Age', 'Deadline', 'Action'];
type TStatus = NonNullable<TDisputeListQuery['status']>;

const STATUS_LABELS: Record<TStatus, string> = {
  active: 'Waiting',
  open: 'Open',
  escalated: 'Escalated',
  answered: 'Answered',
  decided: 'Decided',
};

/**
 * One line per criterion, in columns: its name, the mark as scored → the one proposed, and its outcome as a badge (a
 * change by its label on a scorecard other than "Standard", the marks beside it).
 */
function DisputedCriteria({ criteria, scorecardId }: { criteria: TDispute['criteria']; scorecardId: number }) {
  return (
    <Box
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(6rem, 12rem) minmax(6rem, max-content) max-content',
        columnGap: 12,
        rowGap: 4,
        alignItems: 'center',
      }}
    >
      {criteria.map((c) => {
        const badge = outcomeBadge(c, scorecardId);
        return (
          <Fragment key={c.criterion}>
            <Text size="sm" fw={600} lh={1.25}>
              {c.name}
            </Text>
            <Text size="sm" lh={1.25}>{`${markText(c, 'original')} → ${markText(c, 'proposed')}`}</Text>
            {badge === null ? (
              <span />
            ) : (
              <Badge
                color={badge.color}
                variant="light"
                style={{ textTransform: 'none', minWidth: 'max-content' }}
                aria-label={`${c.name}: ${outcomeText(c, scorecardId)}`}
              >
                {badge.label}
                <SecondaryMarks marks={badge.marks} />
              </Badge>
            )}
          </Fragment>
        );
      })}
    </Box>
  );
}

function DisputeRow({
  dispute,
  isAdmin,
  now,
  onAct,
}: {
  dispute: TDispute;
  isAdmin: boolean;
  now: Date;
  onAct: (mode: TAnswerMode) => void;
}) {
  const timing = timingOf(dispute, now);
  let action = null;
  if (dispute.status === 'open')
    action = (
      <Button size="xs" onClick={() => onAct('answer')}>
        Answer
      </Button>
    );
  else if (dispute.status === 'escalated' && isAdmin)
    action = (
      <Button size="xs" color="orange" onClick={() => onAct('decision')}>
        Decide
      </Button>
    );
  else {
    action = (
      <Badge
        variant="light"
        color={dispute.status === 'escalated' ? 'orange' : 'gray'}
        style={{ minWidth: 'max-content' }}
      >
        {STATUS_LABELS[dispute.status]}
      </Badge>
    );
  }
  return (
    <Table.Tr aria-label={`Dispute of ${dispute.agentName} on ${dispute.callDate}`}>
      <Table.Td style={{ minWidth: 140 }}>
        <Text size="sm" fw={500}>
          {dispute.agentName}
        </Text>
        <Text size="xs" c="dimmed">{`${dispute.agentId} · by ${dispute.qcInspectorName}`}</Text>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{`${dispute.callDate} · ${dispute.consumerNumber}`}</Text>
      </Table.Td>
      <Table.Td fw={700}>{dispute.total}</Table.Td>
      <Table.Td>
        <DisputedCriteria criteria={dispute.criteria} scorecardId={dispute.scorecardId} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{timing.age}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {dispute.dueAt === null ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'normal' }}>
            {timing.deadline}
          </Text>
        ) : (
          <Badge
            color={timing.overdue ? 'red' : 'blue'}
            variant={timing.overdue ? 'filled' : 'light'}
            style={{ textTransform: 'none', minWidth: 'max-content' }}
          >
            {timing.deadline}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{action}</Table.Td>
    </Table.Tr>
  );
}

export function DisputesCard({ isAdmin }: { isAdmin: boolean }) {
  const [status, setStatus] = useState<TStatus>(isAdmin ? 'active' : 'open');
  const [page, setPage] = useState(0);
  const [acting, setActing] = useState<{ dispute: TDispute; mode: TAnswerMode } | null>(null);
  const query = { status };
  const disputes = useQuery({
    queryKey: disputeListKey(query, page, PAGE_SIZE),
    queryFn: () => fetchDisputes(query, page, PAGE_SIZE),
    staleTime: 0,
  });
  const now = useNow();
  const total = disputes.data?.response.totalElements ?? 0;
  const overdue = (disputes.data?.response.content ?? []).filter((d) => timingOf(d, now).overdue).length;
  const statuses: TStatus[] = isAdmin
    ? ['active', 'open', 'escalated', 'answered', 'decided']
    : ['open', 'escalated', 'answered', 'decided'];

  let message = null;
  if (disputes.isPending) message = <LoadingRow />;
  else if (disputes.isError)
    message = (
      <RetryAlert
        title="The disputes could not be loaded"
        message={disputes.error.message}
        onRetry={() => void disputes.refetch()}
      />
    );
  else if (disputes.data.response.content.length === 0) {
    message = (
      <Text ta="center" c="dimmed" py="md">
        {status === 'open' || status === 'active'
          ? 'No dispute waits for an answer.'
          : `No ${STATUS_LABELS[status].toLowerCase()} disputes.`}
      </Text>
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-label="Disputes">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Title order={2} size="h4">
              Disputes
            </Title>
            {disputes.data !== undefined && (
              <Badge color={overdue > 0 ? 'red' : 'gray'} variant="light" style={{ textTransform: 'none' }}>
                {`${total} ${STATUS_LABELS[status].toLowerCase()}${overdue > 0 ? `, ${overdue} overdue on this page` : ''}`}
              </Badge>
            )}
          </Group>
          <SegmentedControl
            size="xs"
            aria-label="Dispute status"
            data={statuses.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            value={status}
            onChange={(value) => {
              setStatus(value as TStatus);
              setPage(0);
            }}
          />
        </Group>
        <ReviewTable label="Disputes" headers={HEADERS} busy={disputes.isFetching} message={message}>
          {(disputes.data?.response.content ?? []).map((d) => (
            <DisputeRow
              key={d.id}
              dispute={d}
              isAdmin={isAdmin}
              now={now}
              onAct={(mode) => setActing({ dispute: d, mode })}
            />
          ))}
        </ReviewTable>
        {total > PAGE_SIZE && <Pager pager={pagerState(page, PAGE_SIZE, total)} onPage={setPage} />}
      </Stack>
      {acting !== null && (
        <AnswerDialog
          key={`${acting.dispute.id}-${acting.mode}`}
          dispute={acting.dispute}
          mode={acting.mode}
          opened
          onClose={() => setActing(null)}
        />
      )}
    </Card>
  );
}
