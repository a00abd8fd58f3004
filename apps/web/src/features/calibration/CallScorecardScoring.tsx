// An inspector's scoring of a calibration call on another scorecard than "Standard": the call's own version in the
// shared scorecard form (keys, N/A, comments, live total), Submit beside the total; final once submitted, and only then
// do the others' answers of that call show under each criterion.
import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CALIBRATION_MESSAGES,
  type TCalibrationCall,
  type TCalibrationSession,
  type TScorecard,
  type TScorecardMark,
} from '@crm/shared';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { confirmAction } from '../../components/confirm.tsx';
import { ScorecardForm, bestMarksOf, marksToSend, problemsOf } from '../../components/scorecard/index.ts';
import { CALIBRATION_KEY, fetchScorecardVersion, scorecardKey, submitScoring } from './api.ts';
import { othersChoicesDiffering } from './scorecard-marks.ts';

/** The call's version, loaded once (a published version never changes). */
export function useCallScorecard(id: number) {
  return useQuery({ queryKey: scorecardKey(id), queryFn: () => fetchScorecardVersion(id), staleTime: Infinity });
}

function ScoringForm({
  session,
  call,
  definition,
}: {
  session: TCalibrationSession;
  call: TCalibrationCall;
  definition: TScorecard;
}) {
  const queryClient = useQueryClient();
  const [marks, setMarks] = useState<TScorecardMark[]>(() => bestMarksOf(definition));
  const [comment, setComment] = useState('');
  const submit = useMutation({
    mutationFn: () =>
      submitScoring(session.id, call.id, {
        scorecard: { id: call.scorecardId, marks: marksToSend(definition, marks) },
        comment,
      }),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: `${CALIBRATION_MESSAGES.scored}: call ${call.position}` });
      await queryClient.invalidateQueries({ queryKey: CALIBRATION_KEY });
    },
  });
  const mine = call.myScoring;
  const shown = mine
    ? mine.scorecard.criteria.map((c) => ({ key: c.key, choice: c.choice, comment: c.comment }))
    : marks;
  const problems = mine ? {} : problemsOf(definition, marks);
  const notes = Object.fromEntries(
    Object.entries(othersChoicesDiffering(call)).map(([key, who]) => [
      key,
      <Text key={key} fz={11} c="orange">
        Others: {who}
      </Text>,
    ]),
  );
  const onSubmit = async () => {
    if (
      await confirmAction({
        body: "Submit this scoring? A submission is final: you will then see the other inspectors' answers of this call.",
        danger: false,
      })
    )
      submit.mutate();
  };
  const action = mine ? (
    <Badge color="green" variant="light">
      Submitted
    </Badge>
  ) : (
    <Button
      onClick={() => void onSubmit()}
      loading={submit.isPending}
      disabled={Object.keys(problems).length > 0}
      size="xs"
    >
      Submit scoring
    </Button>
  );
  return (
    <Stack gap="xs">
      <Text fz="xs" c="dimmed">
        Scorecard: {call.scorecardRef.name} (version {call.scorecardRef.version})
      </Text>
      <ScorecardForm
        definition={definition}
        marks={shown}
        onChange={mine ? () => undefined : setMarks}
        disabled={mine !== null || submit.isPending}
        problems={problems}
        notes={notes}
        summaryActions={action}
        maxHeight="calc(100vh - 400px)"
      />
      {mine ? (
        <Text fz="sm">{mine.comment ? `Your comment: ${mine.comment}` : 'Submitted.'}</Text>
      ) : (
        <Group align="flex-end" wrap="nowrap">
          <Textarea
            label="Comment (optional)"
            autosize
            minRows={1}
            maxRows={2}
            style={{ flex: 1 }}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
        </Group>
      )}
    </Stack>
  );
}

export function CallScorecardScoring({ session, call }: { session: TCalibrationSession; call: TCalibrationCall }) {
  const version = useCallScorecard(call.scorecardId);
  if (version.isPending) return <LoadingRow />;
  if (version.isError)
    return (
      <RetryAlert
        title="The call's scorecard could not be loaded"
        message={version.error.message}
        onRetry={() => void version.refetch()}
      />
    );
  return <ScoringForm session={session} call={call} definition={version.data} />;
}
