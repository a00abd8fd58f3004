// An inspector's side of an open session: the calls to score, one at a time, each with its recording and the
// compact scorecard; a submitted scoring is final, and only then do the others' marks of that call show.
import { useState, type ReactNode } from 'react';
import { Badge, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import {
  STANDARD_SCORECARD_ID,
  bestScores,
  type TCalibrationCall,
  type TCalibrationSession,
  type TQcCriterionKey,
  type TQcScores,
} from '@crm/shared';
import { CalibrationScorecard } from './CalibrationScorecard.tsx';
import { CallScorecardScoring } from './CallScorecardScoring.tsx';
import { RecordingAudio } from './RecordingAudio.tsx';
import { ScoringSubmission, useScoringSubmission } from './ScoringSubmission.tsx';
import { othersDiffering } from './scorecard-marks.ts';

/** The others' marks of a criterion, where they differ from the caller's (only once it has submitted). */
function othersNotes(call: TCalibrationCall): Partial<Record<TQcCriterionKey, ReactNode>> {
  return Object.fromEntries(
    Object.entries(othersDiffering(call)).map(([key, o]) => [
      key,
      <Text key={key} fz={10} c="orange" title={o.who}>
        others {o.marks.join(' / ')}
      </Text>,
    ]),
  );
}

function CallScoring({ session, call }: { session: TCalibrationSession; call: TCalibrationCall }) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>
          Call {call.position}: {call.campaignName} · {call.consumerNumber} · {call.callDate}
        </Text>
        <Text fz="sm" c="dimmed">
          {call.scoredCount} of {session.inspectorCount} inspectors scored
        </Text>
      </Group>
      <RecordingAudio callDate={call.callDate} fileName={call.fileName} />
      {call.scorecardId !== STANDARD_SCORECARD_ID ? (
        <CallScorecardScoring session={session} call={call} />
      ) : (
        <StandardScoring session={session} call={call} />
      )}
    </Stack>
  );
}

/** A call on "Standard": the compact card of the 14 criteria, as before scorecards. */
function StandardScoring({ session, call }: { session: TCalibrationSession; call: TCalibrationCall }) {
  const [marks, setMarks] = useState<TQcScores>(() => bestScores());
  const submission = useScoringSubmission(session, call);
  const scored = call.myScoring !== null;
  return (
    <Stack gap="xs">
      <CalibrationScorecard
        values={call.myScoring?.scores ?? marks}
        onChange={scored ? undefined : (key, value) => setMarks((m) => ({ ...m, [key]: value }))}
        disabled={submission.mutation.isPending}
        notes={othersNotes(call)}
      />
      <ScoringSubmission call={call} submission={submission} marks={() => marks} />
    </Stack>
  );
}

export function ScoringView({ session }: { session: TCalibrationSession }) {
  const firstOpen = session.calls.find((c) => c.myScoring === null) ?? session.calls[0];
  const [selected, setSelected] = useState<number | undefined>(firstOpen?.id);
  const call = session.calls.find((c) => c.id === selected) ?? firstOpen;
  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Paper withBorder p={4} w={230} style={{ flexShrink: 0 }} aria-label="Calls to score">
        {session.calls.map((c) => (
          <NavLink
            component="button"
            key={c.id}
            active={c.id === call?.id}
            label={`Call ${c.position}`}
            description={`${c.consumerNumber} · ${c.callDate}`}
            rightSection={
              c.myScoring ? (
                <Badge size="xs" color="green">
                  scored
                </Badge>
              ) : (
                <Badge size="xs" variant="outline">
                  to score
                </Badge>
              )
            }
            onClick={() => setSelected(c.id)}
          />
        ))}
      </Paper>
      <Paper withBorder p="sm" style={{ flex: 1, minWidth: 0 }}>
        {call ? <CallScoring key={call.id} session={session} call={call} /> : <Text>No calls.</Text>}
      </Paper>
    </Group>
  );
}
