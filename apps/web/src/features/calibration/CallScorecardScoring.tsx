// An inspector's scoring of a calibration call on another scorecard than "Standard": the call's own version in the
// shared scorecard form (keys, N/A, comments, live total), then the comment and Submit as on "Standard"; final once
// submitted, and only then do the others' answers of that call show under each criterion.
import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TCalibrationCall, TCalibrationSession, TScorecard, TScorecardMark } from '@crm/shared';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { ScorecardForm, bestMarksOf, marksToSend, problemsOf } from '../../components/scorecard/index.ts';
import { fetchScorecardVersion, scorecardKey } from './api.ts';
import { othersChoicesDiffering } from './scorecard-marks.ts';
import { ScoringSubmission, useScoringSubmission } from './ScoringSubmission.tsx';

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
  const [marks, setMarks] = useState<TScorecardMark[]>(() => bestMarksOf(definition));
  const submission = useScoringSubmission(session, call);
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
  return (
    <Stack gap="xs">
      <Text fz="xs" c="dimmed">
        Scorecard: {call.scorecardRef.name} (version {call.scorecardRef.version})
      </Text>
      <ScorecardForm
        definition={definition}
        marks={shown}
        onChange={mine ? () => undefined : setMarks}
        disabled={mine !== null || submission.mutation.isPending}
        problems={problems}
        notes={notes}
        maxHeight="calc(100vh - 400px)"
      />
      <ScoringSubmission
        call={call}
        submission={submission}
        marks={() => ({ scorecard: { id: call.scorecardId, marks: marksToSend(definition, marks) } })}
        blocked={Object.keys(problems).length > 0}
      />
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
