// The end of an inspector's scoring of a calibration call, on "Standard" or another scorecard alike: an optional
// comment and Submit scoring (confirmed, since a submission is final); once submitted, their comment and "Submitted".
import { useState } from 'react';
import { Badge, Button, Group, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CALIBRATION_MESSAGES,
  type TCalibrationCall,
  type TCalibrationScoringSubmitInput,
  type TCalibrationSession,
} from '@crm/shared';
import { confirmAction } from '../../components/confirm.tsx';
import { CALIBRATION_KEY, submitScoring } from './api.ts';

type TScoringMarks = Omit<TCalibrationScoringSubmitInput, 'comment'>;

/** Submits the marks with the comment typed here; `isPending` disables the marks while it is sent. */
export function useScoringSubmission(session: TCalibrationSession, call: TCalibrationCall) {
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const mutation = useMutation({
    mutationFn: (marks: TScoringMarks) => submitScoring(session.id, call.id, { ...marks, comment }),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: `${CALIBRATION_MESSAGES.scored}: call ${call.position}` });
      await queryClient.invalidateQueries({ queryKey: CALIBRATION_KEY });
    },
  });
  return { comment, setComment, mutation };
}

type Props = {
  call: TCalibrationCall;
  submission: ReturnType<typeof useScoringSubmission>;
  /** The marks to send, read when Submit is confirmed. */
  marks: () => TScoringMarks;
  /** Submit stays off while the marks have a problem (a required comment missing). */
  blocked?: boolean;
};

export function ScoringSubmission({ call, submission, marks, blocked = false }: Props) {
  const { comment, setComment, mutation } = submission;
  const mine = call.myScoring;
  if (mine !== null)
    return (
      <Group justify="space-between">
        <Text fz="sm">{mine.comment ? `Your comment: ${mine.comment}` : 'Submitted.'}</Text>
        <Badge color="green" variant="light">
          Submitted
        </Badge>
      </Group>
    );
  const onSubmit = async () => {
    if (
      await confirmAction({
        body: 'Submit this scoring? A submission is final: you will then see how the other inspectors scored this call.',
        danger: false,
      })
    )
      mutation.mutate(marks());
  };
  return (
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
      <Button onClick={() => void onSubmit()} loading={mutation.isPending} disabled={blocked}>
        Submit scoring
      </Button>
    </Group>
  );
}
