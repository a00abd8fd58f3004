// Under a record of the agent's QC Review (issue 37, docs/qc-records.md): its grade, the dispute window, the criteria
// where marks were lost with the inspector's comment, the inspector's comments (those on a moment of the recording
// as markers on a bar, each a button "Play from 0:42: …", and each line with "Play from here"), and the agent's sign-off: Acknowledge with an optional comment,
// then "Acknowledged on …". A refusal (409: already acknowledged) shows its message and keeps what was typed.
import { useState } from 'react';
import { Alert, Badge, Box, Button, Group, Stack, Table, Text, Textarea, Tooltip, UnstyledButton } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ACKNOWLEDGEMENT_COMMENT_MAX,
  type TAgentQcRecord,
  type TLostCriterion,
  type TQcRecordComment,
} from '@crm/shared';
import { ApiError } from '../../../app/api.ts';
import { formatDateTime } from '../../../app/time-zone.ts';
import { formatClock } from '../../../components/recording/RecordingPlayer.tsx';
import { REVIEWS_KEY, acknowledgeQcRecord } from './api.ts';
import { acknowledgeState, disputeWindowText, markerLabel, timelineMarkers } from './record-feedback.ts';

type Props = {
  record: TAgentQcRecord;
  /** The agent's own view: their records may be acknowledged. */
  isAgent: boolean;
  /** Plays the record's recording from a moment; null when the record has no recording. */
  onPlayFrom: ((seconds: number) => void) | null;
  /** The recording's length in seconds when known (the record's, or the player's once loaded). */
  duration: number | null;
  now?: Date;
};

/** Names the record for screen readers: the parts of several records are on one page. */
const callName = (r: TAgentQcRecord) => `the call to ${r.consumerNumber} on ${r.callDate}`;

export function RecordFeedback({ record, isAgent, onPlayFrom, duration, now = new Date() }: Props) {
  const lost = record.lostCriteria ?? [];
  const comments = record.comments ?? [];
  // By moment, as the server lists them (a reply of another order still reads along the recording).
  const timed = comments
    .filter((c) => c.atSeconds !== null)
    .sort((a, b) => (a.atSeconds ?? 0) - (b.atSeconds ?? 0) || a.id - b.id);
  // A comment on a lost criterion reads in that criterion's row; the rest of the untimed ones below.
  const lostKeys = new Set(lost.map((c) => c.key));
  const others = comments.filter(
    (c) => c.atSeconds === null && (c.criterionKey === null || !lostKeys.has(c.criterionKey)),
  );
  return (
    <Stack gap={6} aria-label={`Marks and comments of ${callName(record)}`} role="group">
      <Group gap="sm" wrap="wrap">
        {record.grade !== undefined && <Badge variant="light" color="blue" size="lg">{`Grade: ${record.grade}`}</Badge>}
        <Text size="sm" fw={700}>{`Total ${record.total}`}</Text>
        {record.disputeUntil !== undefined && (
          <Text size="sm" c="dimmed">
            {disputeWindowText(record.disputeUntil, now)}
          </Text>
        )}
        <Acknowledgement record={record} isAgent={isAgent} />
      </Group>
      <LostCriteria lost={lost} comments={comments} label={`Criteria where marks were lost on ${callName(record)}`} />
      {timed.length > 0 && (
        <TimelineComments comments={timed} duration={duration} onPlayFrom={onPlayFrom} record={record} />
      )}
      {others.length > 0 && <OtherComments comments={others} />}
    </Stack>
  );
}

type LostProps = { lost: readonly TLostCriterion[]; comments: readonly TQcRecordComment[]; label: string };

/** Each lost criterion: its choice, marks of its best, and the inspector's comments on it (the marks' and the others). */
function LostCriteria({ lost, comments, label }: LostProps) {
  if (lost.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No marks lost
      </Text>
    );
  }
  return (
    <Table withTableBorder fz="xs" verticalSpacing={2} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Marks lost on</Table.Th>
          <Table.Th>Choice</Table.Th>
          <Table.Th>Marks</Table.Th>
          <Table.Th>Inspector’s comment</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lost.map((c) => (
          <Table.Tr key={c.key}>
            <Table.Td>{c.name}</Table.Td>
            <Table.Td>{c.choice ?? 'N/A'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{`${c.marks} of ${c.bestMarks}`}</Table.Td>
            <Table.Td>
              <Text size="xs" style={{ whiteSpace: 'pre-wrap' }}>
                {criterionComments(c, comments)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function criterionComments(criterion: TLostCriterion, comments: readonly TQcRecordComment[]): string {
  const texts = [criterion.comment, ...comments.filter((c) => c.criterionKey === criterion.key).map((c) => c.text)];
  const said = texts.filter((t) => t.trim() !== '');
  return said.length === 0 ? '—' : said.join('\n');
}

type TimelineProps = {
  record: TAgentQcRecord;
  comments: readonly TQcRecordComment[];
  duration: number | null;
  onPlayFrom: ((seconds: number) => void) | null;
};

const MARKER_SIZE = 12;

/**
 * A bar over the recording's length with a dot per comment (a button that plays from its moment, in the Tab order:
 * "Play from 0:42: Talked over the customer"; a plain dot when there is no recording), then the comments by moment.
 */
function TimelineComments({ record, comments, duration, onPlayFrom }: TimelineProps) {
  const markers = timelineMarkers(comments, duration);
  const marker = (m: (typeof markers)[number]) => {
    const style = {
      position: 'absolute' as const,
      top: 0,
      width: MARKER_SIZE,
      height: MARKER_SIZE,
      left: `calc(${m.percent}% - ${MARKER_SIZE / 2}px)`,
      borderRadius: '50%',
      background: 'var(--mantine-color-orange-6)',
    };
    const title = `${formatClock(m.atSeconds)} ${m.text}`;
    if (onPlayFrom === null)
      return <Box key={m.id} data-testid="timeline-marker" data-at={m.atSeconds} title={title} style={style} />;
    return (
      <Tooltip key={m.id} label={title} multiline maw={320}>
        <UnstyledButton
          data-testid="timeline-marker"
          data-at={m.atSeconds}
          aria-label={markerLabel(m)}
          style={{ ...style, cursor: 'pointer' }}
          onClick={() => onPlayFrom(m.atSeconds)}
        />
      </Tooltip>
    );
  };
  return (
    <Stack gap={4}>
      <Box
        role="group"
        aria-label={`Comments on the recording of ${callName(record)} at ${markers.map((m) => formatClock(m.atSeconds)).join(', ')}`}
        pos="relative"
        h={MARKER_SIZE}
        mx={MARKER_SIZE / 2}
        style={{ borderRadius: MARKER_SIZE / 2, background: 'var(--mantine-color-gray-3)' }}
      >
        {markers.map(marker)}
      </Box>
      <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Comments on the recording">
        {comments.map((c) => (
          <Group key={c.id} component="li" gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" ff="monospace" fw={700} style={{ whiteSpace: 'nowrap' }}>
              {formatClock(c.atSeconds ?? 0)}
            </Text>
            {onPlayFrom !== null && (
              <Button
                size="compact-xs"
                variant="light"
                aria-label={`Play from ${formatClock(c.atSeconds ?? 0)}`}
                onClick={() => onPlayFrom(c.atSeconds ?? 0)}
              >
                Play from here
              </Button>
            )}
            <CommentText comment={c} />
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

function OtherComments({ comments }: { comments: readonly TQcRecordComment[] }) {
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Inspector’s comments">
      {comments.map((c) => (
        <Box key={c.id} component="li">
          <CommentText comment={c} />
        </Box>
      ))}
    </Stack>
  );
}

function CommentText({ comment }: { comment: TQcRecordComment }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {comment.criterionName !== null && <b>{`${comment.criterionName}: `}</b>}
      {comment.text}
      <Text span size="xs" c="dimmed">{` — ${comment.authorName}`}</Text>
    </Text>
  );
}

/** The sign-off: Acknowledge opens an optional comment and its confirm; afterwards "Acknowledged on …". */
function Acknowledgement({ record, isAgent }: { record: TAgentQcRecord; isAgent: boolean }) {
  const queryClient = useQueryClient();
  const [writing, setWriting] = useState(false);
  const [comment, setComment] = useState('');
  const mutation = useMutation({
    mutationFn: () => acknowledgeQcRecord(record.id, comment.trim()),
    onSuccess: async () => {
      setWriting(false);
      await queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
    },
    onError: async (error) => {
      // Already acknowledged (another tab): show the record as it is, with the server's message.
      if (error instanceof ApiError && error.status === 409)
        await queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
    },
  });
  const done = mutation.data;
  const state = done
    ? { kind: 'acknowledged' as const, at: done.acknowledgedAt, comment: done.comment }
    : acknowledgeState(record, isAgent);
  const failure =
    mutation.error === null ? null : (
      <Alert color="red" variant="light" p="xs" role="alert" title="Not acknowledged">
        {mutation.error.message}
      </Alert>
    );

  if (state.kind === 'none') return null;
  if (state.kind === 'acknowledged') {
    return (
      <>
        <Badge color="green" variant="light" size="lg" style={{ textTransform: 'none' }}>
          {`Acknowledged on ${formatDateTime(state.at)}`}
        </Badge>
        {state.comment !== '' && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {`“${state.comment}”`}
          </Text>
        )}
        {failure}
      </>
    );
  }
  if (!writing) {
    return (
      <Button size="compact-sm" color="green" variant="light" onClick={() => setWriting(true)}>
        Acknowledge
      </Button>
    );
  }
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" w="100%">
      <Textarea
        label="Acknowledgement comment (optional)"
        size="xs"
        autosize
        minRows={1}
        maxRows={3}
        maxLength={ACKNOWLEDGEMENT_COMMENT_MAX}
        style={{ flex: 1, maxWidth: 480 }}
        data-autofocus
        autoFocus
        value={comment}
        disabled={mutation.isPending}
        onChange={(e) => setComment(e.currentTarget.value)}
        onKeyDown={(e) => {
          // Enter signs off; Shift+Enter is a new line.
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            mutation.mutate();
          }
        }}
      />
      <Button size="compact-sm" color="green" loading={mutation.isPending} onClick={() => mutation.mutate()}>
        Acknowledge
      </Button>
      <Button size="compact-sm" variant="default" disabled={mutation.isPending} onClick={() => setWriting(false)}>
        Cancel
      </Button>
      {failure}
    </Group>
  );
}
