// Under "Report submitted": the comments the in-house record now holds (those typed on the timeline and posted by
// Submit), by moment, each with Delete (the record's inspector or an admin may; the server says so when not).
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatClock } from '../../../components/recording/RecordingPlayer.tsx';
import { deleteQcRecordComment, fetchQcRecordComments, recordCommentsKey } from './api.ts';

export function SubmittedComments({ qcRecordId }: { qcRecordId: number }) {
  const queryClient = useQueryClient();
  const key = recordCommentsKey(qcRecordId);
  const comments = useQuery({ queryKey: key, queryFn: () => fetchQcRecordComments(qcRecordId) });
  const removal = useMutation({
    mutationFn: (commentId: number) => deleteQcRecordComment(qcRecordId, commentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const timed = (comments.data ?? []).filter((c) => c.atSeconds !== null);
  if (comments.error !== null)
    return (
      <Text size="sm" c="red.8" role="alert">
        {`The comments on the recording could not be loaded: ${comments.error.message}`}
      </Text>
    );
  if (timed.length === 0) return null;
  return (
    <Stack gap={2}>
      <Text size="sm">{`Comments on the recording (${timed.length}), shown to the agent on their QC Review:`}</Text>
      <Stack gap={2} component="ul" aria-label="Comments saved on the record" m={0} p={0} style={{ listStyle: 'none' }}>
        {timed.map((c) => (
          <Group key={c.id} component="li" gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" ff="monospace" fw={700}>
              {formatClock(c.atSeconds ?? 0)}
            </Text>
            <Text size="sm" style={{ flex: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {c.text}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              loading={removal.isPending && removal.variables === c.id}
              aria-label={`Delete the comment at ${formatClock(c.atSeconds ?? 0)}`}
              onClick={() => removal.mutate(c.id)}
            >
              Delete
            </Button>
          </Group>
        ))}
      </Stack>
      {removal.error !== null && (
        <Alert color="red" variant="light" p="xs" role="alert" title="The comment was not deleted">
          {removal.error.message}
        </Alert>
      )}
    </Stack>
  );
}
