// The end of an inspector's scoring of a calibration call: an optional comment and Submit scoring (by the button or
// Ctrl+Enter, confirmed since a submission is final; Enter confirms); once submitted, their comment and "Submitted".
import { useState } from 'react';
import { Badge, Button, Group, Kbd, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TCalibrationCall,
  TCalibrationScoring,
  TCalibrationScoringSubmitInput,
  TCalibrationSession,
} from '@crm/shared';
import { confirmAction } from '../../components/confirm.tsx';
import { CALIBRATION_KEY, submitScoring } from './api.ts';

export type TScoringMarks = Omit<TCalibrationScoringSubmitInput, 'comment'>;

/** The comment box's name: where F6 lands after the scorecard. */
export const COMMENT_LABEL = 'Comment';

export const SUBMIT_CONFIRM =
  'Submit this scoring? A submission is final: you will then see how the other inspectors scored this call.';

/**
 * Submits the marks with the comment typed here, after the confirmation; `onScored` hears the stored scoring before
 * the session is reloaded. `isPending` disables the marks while it is sent.
 */
export function useScoringSubmission(
  session: TCalibrationSession,
  call: TCalibrationCall,
  onScored: (scoring: TCalibrationScoring) => void,
) {
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const mutation = useMutation({
    mutationFn: (marks: TScoringMarks) => submitScoring(session.id, call.id, { ...marks, comment }),
    onSuccess: async (scoring) => {
      onScored(scoring);
      await queryClient.invalidateQueries({ queryKey: CALIBRATION_KEY });
    },
  });
  /** Asks, then sends the marks read at that moment (nothing while one is being sent). */
  const submit = async (marks: () => TScoringMarks) => {
    if (mutation.isPending) return;
    if (await confirmAction({ body: SUBMIT_CONFIRM, danger: false, focusConfirm: true })) mutation.mutate(marks());
  };
  return { comment, setComment, mutation, submit };
}

type Props = {
  call: TCalibrationCall;
  submission: ReturnType<typeof useScoringSubmission>;
  onSubmit: () => void;
  /** Submit stays off while the marks have a problem (a required comment missing). */
  blocked?: boolean;
};

export function ScoringSubmission({ call, submission, onSubmit, blocked = false }: Props) {
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
  return (
    <Group align="flex-end" wrap="nowrap">
      <Textarea
        label="Comment (optional)"
        aria-label={COMMENT_LABEL}
        autosize
        minRows={1}
        maxRows={2}
        style={{ flex: 1 }}
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
      />
      <Button
        onClick={onSubmit}
        loading={mutation.isPending}
        disabled={blocked}
        aria-keyshortcuts="Control+Enter"
        rightSection={<Kbd size="xs">Ctrl+Enter</Kbd>}
      >
        Submit scoring
      </Button>
    </Group>
  );
}
