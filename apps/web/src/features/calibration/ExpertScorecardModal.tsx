// An admin's expert marks of a calibration call on another scorecard than "Standard": the call's version in the shared
// scorecard form, starting from the marks recorded, else the inspectors' consensus, else the best choices.
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CALIBRATION_MESSAGES, type TCalibrationResultCall, type TScorecard, type TScorecardMark } from '@crm/shared';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { ScorecardForm, marksToSend, problemsOf } from '../../components/scorecard/index.ts';
import { CALIBRATION_KEY, saveExpert } from './api.ts';
import { useCallScorecard } from './CallScoring.tsx';
import { startingExpertChoices } from './scorecard-marks.ts';

type Props = { sessionId: number; call: TCalibrationResultCall; onClose: () => void };

function ExpertForm({ sessionId, call, onClose, definition }: Props & { definition: TScorecard }) {
  const queryClient = useQueryClient();
  const [marks, setMarks] = useState<TScorecardMark[]>(() => startingExpertChoices(definition, call));
  const problems = problemsOf(definition, marks);
  const save = useMutation({
    mutationFn: () =>
      saveExpert(sessionId, call.id, {
        scorecard: { id: call.scorecardRef.id, marks: marksToSend(definition, marks) },
      }),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: CALIBRATION_MESSAGES.expertSaved });
      onClose();
      await queryClient.invalidateQueries({ queryKey: CALIBRATION_KEY });
    },
  });
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        {call.scorecardRef.name} (version {call.scorecardRef.version}). Starts from the marks recorded, else the
        inspectors&apos; consensus (the median, on the scale).
      </Text>
      <ScorecardForm
        title="Expert"
        definition={definition}
        marks={marks}
        onChange={setMarks}
        disabled={save.isPending}
        problems={problems}
        maxHeight="calc(100vh - 320px)"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={Object.keys(problems).length > 0}>
          Save expert marks
        </Button>
      </Group>
    </Stack>
  );
}

export function ExpertScorecardModal(props: Props) {
  const version = useCallScorecard(props.call.scorecardRef.id);
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`Expert marks: ${props.call.consumerNumber} (${props.call.callDate})`}
      size={760}
    >
      {version.isPending ? (
        <LoadingRow />
      ) : version.isError ? (
        <RetryAlert
          title="The call's scorecard could not be loaded"
          message={version.error.message}
          onRetry={() => void version.refetch()}
        />
      ) : (
        <ExpertForm {...props} definition={version.data} />
      )}
    </Modal>
  );
}
