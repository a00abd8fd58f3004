// /flag-raised ("Raised Flags"): first the disputes per criterion waiting for an answer (docs/guide/disputes.md), overdue
// first; then card "Concerned List": the agents' unresolved reviews (an inspector's on its own records), raised
// concerns first; each is resolved with what the inspector types in its Resolved Comment, the box and its Resolved
// button in view on a 1366 px screen (a disputed review is resolved by answering its dispute). Then the dispute
// figures and, for admins, the dispute settings.
import { useState } from 'react';
import { Badge, Button, Card, Checkbox, Group, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_QC_TEXT, QC_MESSAGES, type TAgentReview } from '@crm/shared';
import { useSession } from '../../../app/session.ts';
import { LoadingRow, RetryAlert } from '../../../components/QueryState.tsx';
import { QC_RECORDS_KEY } from '../records/api.ts';
import { OPEN_REVIEWS_KEY, REVIEWS_KEY, fetchOpenReviews, resolveReview } from './api.ts';
import { ConcernMark } from './ConcernFlag.tsx';
import type { TRaisedFlagsDisputes } from './dispute-slots.ts';
import { orderFlags, resolveProblem } from './review-row.ts';
import { VoiceLogCell } from '../../../components/recording/VoiceLogCell.tsx';
import { splitVoiceLog } from '../../../components/recording/voice-log.ts';
import { ReviewTable } from '../../../components/ReviewTable.tsx';

const HEADERS = ['Call', 'Voice Log', 'Total', 'Agent Review', 'QC Comment', 'Resolved Comment'];

function FlagRow({ review, disputed }: { review: TAgentReview; disputed: boolean }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const mutation = useMutation({
    mutationFn: () => resolveReview(review.id, text.trim()),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: QC_MESSAGES.reviewResolved });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: REVIEWS_KEY }),
        queryClient.invalidateQueries({ queryKey: QC_RECORDS_KEY }),
      ]);
    },
    onError: (error) => {
      notifications.show({ color: 'red', title: QC_MESSAGES.resolveFailed, message: error.message, autoClose: 8000 });
    },
  });
  const resolve = () => {
    const found = resolveProblem(text);
    setProblem(found);
    if (found === undefined) mutation.mutate();
  };

  return (
    <Table.Tr>
      <Table.Td style={{ minWidth: 130 }}>
        <Text size="sm" fw={500}>
          {review.agentName}
        </Text>
        <Text size="xs" c="dimmed">
          {review.agentId}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {review.callDate}
        </Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {review.consumerNumber}
        </Text>
      </Table.Td>
      <Table.Td>
        <VoiceLogCell
          recording={splitVoiceLog(review.voiceLog)}
          missingText={QC_MESSAGES.noAudioFlags}
          label={`Recording of the call to ${review.consumerNumber} on ${review.callDate}`}
        />
      </Table.Td>
      <Table.Td fw={700}>{review.total}</Table.Td>
      <Table.Td style={{ minWidth: 150 }}>
        <Group gap="xs" wrap="nowrap">
          <ConcernMark raised={review.raiseConcern} />
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{`Agreed? ${review.agreed ?? '—'}`}</Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {review.comment === '' ? '—' : review.comment}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'pre-wrap', minWidth: 130 }}>
        {review.suggestion === '' ? '—' : review.suggestion}
      </Table.Td>
      <Table.Td style={{ minWidth: 210 }}>
        {disputed ? (
          <Text size="sm" c="dimmed">
            Disputed criteria: answer them under Disputes above.
          </Text>
        ) : (
          <Stack gap={6} align="stretch">
            <Textarea
              aria-label="Resolved Comment"
              placeholder={QC_MESSAGES.commentPlaceholder}
              autosize
              minRows={2}
              maxLength={MAX_QC_TEXT}
              value={text}
              error={problem}
              disabled={mutation.isPending}
              onChange={(event) => {
                setText(event.currentTarget.value);
                if (problem !== undefined) setProblem(resolveProblem(event.currentTarget.value));
              }}
            />
            <Group justify="flex-end">
              <Button size="xs" color="green" loading={mutation.isPending} onClick={resolve}>
                Resolved
              </Button>
            </Group>
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** `disputes`: the page's dispute cards and the open disputes, from features/disputes through app/pages.tsx. */
export default function RaisedFlagsPage({ disputes }: { disputes: TRaisedFlagsDisputes }) {
  const { session } = useSession();
  const isAdmin = session?.role === 'ADMIN';
  const [concernsOnly, setConcernsOnly] = useState(false);
  const reviews = useQuery({ queryKey: OPEN_REVIEWS_KEY, queryFn: fetchOpenReviews, staleTime: 0 });
  const rows = orderFlags(reviews.data ?? [], concernsOnly);
  const concerns = (reviews.data ?? []).filter((r) => r.raiseConcern).length;

  let message = null;
  if (reviews.isPending) message = <LoadingRow />;
  else if (reviews.isError)
    message = (
      <RetryAlert
        title="The reviews could not be loaded"
        message={reviews.error.message}
        onRetry={() => void reviews.refetch()}
      />
    );
  else if (rows.length === 0) {
    message = (
      <Text ta="center" c="dimmed" py="lg">
        {concernsOnly && reviews.data.length > 0
          ? 'No raised concerns: the open reviews have none.'
          : 'Nothing to resolve: every review is resolved.'}
      </Text>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Raised Flags</Title>
      <disputes.DisputesCard isAdmin={isAdmin} />
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group justify="space-between" align="center">
            <Group gap="sm">
              <Title order={2} size="h4">
                Concerned List
              </Title>
              {reviews.data !== undefined && (
                <Badge color={concerns > 0 ? 'red' : 'gray'} variant="light" style={{ textTransform: 'none' }}>
                  {`${concerns} raised concern${concerns === 1 ? '' : 's'}, ${reviews.data.length} open review${reviews.data.length === 1 ? '' : 's'}`}
                </Badge>
              )}
            </Group>
            <Checkbox
              label="Only raised concerns"
              checked={concernsOnly}
              onChange={(event) => setConcernsOnly(event.currentTarget.checked)}
            />
          </Group>
          {/* The reviews that carry an open dispute are answered through it. */}
          <disputes.OpenDisputes>
            {(disputedReviews) => (
              <ReviewTable label="Concerned List" headers={HEADERS} busy={reviews.isFetching} message={message}>
                {rows.map((r) => (
                  <FlagRow key={r.id} review={r} disputed={disputedReviews.has(r.id)} />
                ))}
              </ReviewTable>
            )}
          </disputes.OpenDisputes>
        </Stack>
      </Card>
      {isAdmin ? (
        <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
          <disputes.FiguresCard />
          <disputes.SettingsCard />
        </SimpleGrid>
      ) : (
        <disputes.FiguresCard />
      )}
    </Stack>
  );
}
