// One row of the agent's QC Review: the record, then either the review inputs (Agreed?, the concern flag, a comment,
// Submit Review) or the written review and, once an inspector resolved it, the resolution. Compact enough that the
// comment box, Submit and Dispute criteria are in view on a 1366 px screen beside a recording player (the minimum
// widths below add up to that).
import { useRef, useState } from 'react';
import { ActionIcon, Badge, Group, NativeSelect, Stack, Table, Text, Textarea, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AGREED, MAX_QC_TEXT, QC_MESSAGES, type TAgentQcRecord, type TAgentReview } from '@crm/shared';
import { ApiError } from '../../../app/api.ts';
import { formatDateTime } from '../../../app/time-zone.ts';
import { CheckIcon } from '../records/icons.tsx';
import { REVIEWS_KEY, submitReview } from './api.ts';
import { ConcernMark, ConcernToggle } from './ConcernFlag.tsx';
import type { TAgentReviewDisputes } from './dispute-slots.ts';
import {
  EMPTY_DRAFT,
  draftProblems,
  hasProblems,
  reviewRowState,
  toSubmitBody,
  type TDraftProblems,
  type TReviewDraft,
} from './review-row.ts';
import { RecordingPlayer } from '../../../components/recording/RecordingPlayer.tsx';
import { ScoredCriteria } from './ScoredCriteria.tsx';
import { RecordFeedback } from './RecordFeedback.tsx';
import { playFrom } from './play-from.ts';

/** Call (date and number), Voice Log, Marks, QC Comment (and inspector), Agreed? / Concern, Agent Comment, Action. */
export const REVIEW_COLUMN_COUNT = 7;

const AGREED_CHOICES = [{ value: '', label: 'Choose…' }, ...AGREED.map((a) => ({ value: a, label: a }))];

/**
 * disputeUntil: until when the record may be disputed (null while the settings are unknown: the server checks anyway);
 * disputes: the dispute parts of the row (dispute-slots.ts).
 */
type Props = { record: TAgentQcRecord; canReview: boolean; disputeUntil: Date | null; disputes: TAgentReviewDisputes };

export function AgentReviewRow({ record, canReview, disputeUntil, disputes }: Props) {
  const state = reviewRowState(record, canReview);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TReviewDraft>(EMPTY_DRAFT);
  const [problems, setProblems] = useState<TDraftProblems>({});
  const mutation = useMutation({
    mutationFn: () => submitReview(toSubmitBody(record.id, draft)),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: QC_MESSAGES.reviewSubmitted });
      await queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
    },
    onError: async (error) => {
      notifications.show({ color: 'red', title: QC_MESSAGES.reviewFailed, message: error.message, autoClose: 8000 });
      // Already reviewed (another tab): show the review that is there.
      if (error instanceof ApiError && error.status === 409)
        await queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
    },
  });

  const change = (next: Partial<TReviewDraft>) => {
    const updated = { ...draft, ...next };
    setDraft(updated);
    if (hasProblems(problems)) setProblems(draftProblems(updated));
  };
  const toggleConcern = () => {
    const raised = !draft.raiseConcern;
    change({ raiseConcern: raised });
    notifications.show({
      color: raised ? 'red' : 'gray',
      message: raised ? QC_MESSAGES.concernRaised : QC_MESSAGES.concernRemoved,
    });
  };
  const submit = () => {
    const found = draftProblems(draft);
    setProblems(found);
    if (hasProblems(found)) return;
    mutation.mutate();
  };

  const playerBox = useRef<HTMLDivElement>(null);
  const [loadedDuration, setLoadedDuration] = useState<number | null>(null);
  const busy = mutation.isPending;

  let reviewCells;
  if (state.kind === 'open') {
    reviewCells = (
      <>
        <Table.Td>
          <Stack gap={6} align="flex-start">
            <NativeSelect
              aria-label="Agreed?"
              w={120}
              value={draft.agreed}
              data={AGREED_CHOICES}
              error={problems.agreed}
              disabled={busy}
              onChange={(e) => change({ agreed: e.currentTarget.value as TReviewDraft['agreed'] })}
            />
            <ConcernToggle raised={draft.raiseConcern} disabled={busy} onToggle={toggleConcern} />
          </Stack>
        </Table.Td>
        <Table.Td miw={120}>
          <Textarea
            aria-label="Agent Comment"
            placeholder={QC_MESSAGES.commentPlaceholder}
            autosize
            minRows={3}
            maxLength={MAX_QC_TEXT}
            value={draft.comment}
            error={problems.comment}
            disabled={busy}
            onChange={(e) => change({ comment: e.currentTarget.value })}
          />
        </Table.Td>
        <Table.Td>
          <Stack gap={6} align="flex-start">
            <Tooltip label="Submit Review">
              <ActionIcon size="lg" color="green" aria-label="Submit Review" loading={busy} onClick={submit}>
                <CheckIcon />
              </ActionIcon>
            </Tooltip>
            <disputes.RaiseDispute record={record} until={disputeUntil} disabled={busy} />
          </Stack>
        </Table.Td>
      </>
    );
  } else if (state.kind === 'waiting') {
    reviewCells = (
      <>
        <Table.Td colSpan={2}>
          <Text size="sm" c="dimmed">
            Not reviewed yet
          </Text>
        </Table.Td>
        <Table.Td>
          <Badge color="gray" variant="light">
            Awaiting the agent
          </Badge>
        </Table.Td>
      </>
    );
  } else {
    const { review } = state;
    reviewCells = (
      <>
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm">{review.agreed ?? '—'}</Text>
            <ConcernMark raised={review.raiseConcern} />
          </Group>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'pre-wrap', minWidth: 120 }}>
          {review.comment === '' ? '—' : review.comment}
        </Table.Td>
        <Table.Td>
          {state.kind === 'resolved' ? (
            <Badge color="green" variant="light">
              Resolved
            </Badge>
          ) : (
            <Stack gap={4}>
              <Badge color="yellow" variant="light">
                Submitted
              </Badge>
              <Text size="xs" c="dimmed">
                {`on ${formatDateTime(review.createdAt)}; awaiting QC`}
              </Text>
            </Stack>
          )}
        </Table.Td>
      </>
    );
  }

  return (
    <>
      <Table.Tr>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">{record.callDate}</Text>
          <Text size="sm" c="dimmed">
            {record.consumerNumber}
          </Text>
        </Table.Td>
        <Table.Td>
          {record.fileName === null ? (
            <Text size="sm" c="dimmed">
              {QC_MESSAGES.noAudioReview}
            </Text>
          ) : (
            <div ref={playerBox}>
              <RecordingPlayer
                date={record.callDate}
                fileName={record.fileName}
                label={`Recording of the call to ${record.consumerNumber} on ${record.callDate}`}
                onMetadata={setLoadedDuration}
                compact
              />
            </div>
          )}
        </Table.Td>
        <Table.Td fw={700}>{record.total}</Table.Td>
        <Table.Td style={{ minWidth: 100 }}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {record.suggestion === '' ? '—' : record.suggestion}
          </Text>
          <Text size="xs" c="dimmed">
            {`by ${record.qcInspector}`}
          </Text>
        </Table.Td>
        {reviewCells}
      </Table.Tr>
      <Table.Tr>
        <Table.Td colSpan={REVIEW_COLUMN_COUNT} bg="var(--mantine-color-gray-light)">
          <RecordFeedback
            record={record}
            isAgent={canReview}
            duration={record.duration ?? loadedDuration}
            onPlayFrom={record.fileName === null ? null : (seconds) => playFrom(playerBox.current, seconds)}
          />
        </Table.Td>
      </Table.Tr>
      {record.scorecard !== undefined && (
        <Table.Tr>
          <Table.Td colSpan={REVIEW_COLUMN_COUNT}>
            <ScoredCriteria
              block={record.scorecard}
              label={`Criteria of the call to ${record.consumerNumber} on ${record.callDate}`}
            />
          </Table.Td>
        </Table.Tr>
      )}
      <disputes.DisputeOutcome
        record={record}
        columns={REVIEW_COLUMN_COUNT}
        canEscalate={canReview}
        otherwise={state.kind === 'resolved' ? <ResolutionRow record={record} review={state.review} /> : null}
      />
    </>
  );
}

/** The inspector's answer, under its record across the whole table, so it reads without scrolling sideways. */
function ResolutionRow({ record, review }: { record: TAgentQcRecord; review: TAgentReview }) {
  return (
    <Table.Tr aria-label={`Resolution of the review of the call to ${record.consumerNumber} on ${record.callDate}`}>
      <Table.Td colSpan={REVIEW_COLUMN_COUNT} bg="var(--mantine-color-green-light)">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Badge color="green" variant="filled" style={{ flexShrink: 0 }}>
            Resolved
          </Badge>
          <Stack gap={2}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {review.resolvedMessage}
            </Text>
            <Text size="xs" c="dimmed">
              {`by ${review.resolvedBy ?? 'QC'}${review.resolvedAt === null ? '' : ` on ${formatDateTime(review.resolvedAt)}`}`}
            </Text>
          </Stack>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
