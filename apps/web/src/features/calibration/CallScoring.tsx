// An inspector's scoring of a calibration call on its scorecard version, "Standard" included: the shared scorecard form
// the QC panel scores with (keys 1–9, N/A, comments, live total), then the comment and Submit scoring (Ctrl+Enter).
// Final once submitted: the marks show read-only, and the others' answers of that call show under each criterion.
import { useEffect, useRef, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type {
  TCalibrationCall,
  TCalibrationScoring,
  TCalibrationSession,
  TScorecard,
  TScorecardMark,
} from '@crm/shared';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { ScorecardForm, bestMarksOf, marksToSend, problemsOf } from '../../components/scorecard/index.ts';
import {
  firstCriterionRow,
  inPlayer,
  playerControl,
  useScoringKeys,
  type TFocusAreaSpec,
} from '../../components/scorecard/scoring-keys.ts';
import { fetchScorecardVersion, scorecardKey } from './api.ts';
import { othersChoicesDiffering } from './scorecard-marks.ts';
import { COMMENT_LABEL, ScoringSubmission, useScoringSubmission } from './ScoringSubmission.tsx';

/** The scorecard's section: the F6 area between the player and the comment box. */
export const SCORECARD_LABEL = 'Scorecard';
const SCORECARD = `section[aria-label="${SCORECARD_LABEL}"]`;
const COMMENT = `textarea[aria-label="${COMMENT_LABEL}"]`;

/** F6 visits the player, the scorecard (its first criterion) and the comment box, as on the QC panel. */
export const CALIBRATION_AREAS: readonly TFocusAreaSpec[] = [
  { name: 'player', control: playerControl, holds: inPlayer },
  {
    name: 'scorecard',
    control: (root) => {
      const card = root.querySelector(SCORECARD);
      return card === null ? null : firstCriterionRow(card);
    },
    holds: (element) => element.closest(SCORECARD) !== null,
  },
  {
    name: 'comment',
    control: (root) => root.querySelector<HTMLElement>(`${COMMENT}:not(:disabled)`),
    holds: (element) => element.matches(COMMENT),
  },
];

export const CALIBRATION_KEYS_NOTE =
  'F6 moves between the player, the scorecard and the comment; Ctrl+Enter submits and opens the next call.';

/** The call's version, loaded once (a published version never changes). */
export function useCallScorecard(id: number) {
  return useQuery({ queryKey: scorecardKey(id), queryFn: () => fetchScorecardVersion(id), staleTime: Infinity });
}

type Props = {
  session: TCalibrationSession;
  call: TCalibrationCall;
  /** After the server stored the scoring (the next call opens). */
  onScored: (call: TCalibrationCall, scoring: TCalibrationScoring) => void;
  /** The first criterion takes the focus once the scorecard shows (the call opened by the keyboard's flow). */
  focusOnOpen: boolean;
  /** The criteria scroll inside this height, so Submit stays in the window. */
  maxHeight: string;
};

function ScoringForm({
  session,
  call,
  onScored,
  focusOnOpen,
  maxHeight,
  definition,
}: Props & { definition: TScorecard }) {
  const [marks, setMarks] = useState<TScorecardMark[]>(() => bestMarksOf(definition));
  const submission = useScoringSubmission(session, call, (scoring) => onScored(call, scoring));
  const mine = call.myScoring;
  const shown = mine
    ? mine.scorecard.criteria.map((c) => ({ key: c.key, choice: c.choice, comment: c.comment }))
    : marks;
  const problems = mine ? {} : problemsOf(definition, marks);
  const blocked = Object.keys(problems).length > 0;
  const notes = Object.fromEntries(
    Object.entries(othersChoicesDiffering(call)).map(([key, who]) => [
      key,
      <Text key={key} fz={11} c="orange">
        Others: {who}
      </Text>,
    ]),
  );
  const submit = () => {
    if (mine !== null || blocked) return;
    void submission.submit(() => ({
      scorecard: { id: call.scorecardId, marks: marksToSend(definition, marks) },
    }));
  };
  useScoringKeys(CALIBRATION_AREAS, submit);

  const card = useRef<HTMLDivElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (!focusOnOpen || focused.current || card.current === null) return;
    focused.current = true;
    firstCriterionRow(card.current)?.focus();
  }, [focusOnOpen]);

  return (
    <Stack gap="xs">
      <Stack gap={4} component="section" aria-label={SCORECARD_LABEL} ref={card}>
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
          maxHeight={maxHeight}
        />
      </Stack>
      <ScoringSubmission call={call} submission={submission} onSubmit={submit} blocked={blocked} />
    </Stack>
  );
}

export function CallScoring(props: Props) {
  const version = useCallScorecard(props.call.scorecardId);
  if (version.isPending) return <LoadingRow />;
  if (version.isError)
    return (
      <RetryAlert
        title="The call's scorecard could not be loaded"
        message={version.error.message}
        onRetry={() => void version.refetch()}
      />
    );
  return <ScoringForm {...props} definition={version.data} />;
}
