// Under an agent's disputed QC record: each disputed criterion with the mark proposed and its outcome (the inspector's
// answer, then the admin's final decision; by the choices' labels, marks beside them, on a scorecard other than
// "Standard"), and Escalate while the agent may still take a rejected answer to an admin.
import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DISPUTE_MESSAGES, MAX_QC_TEXT, ZDisputeEscalate, type TDispute } from '@crm/shared';
import { formatDateTime } from '../../app/time-zone.ts';
import { REVIEWS_KEY } from '../../app/query-keys.ts';
import { escalateDispute } from './disputes-api.ts';
import { OUTCOME_COLOURS, markText, outcomeMarks, outcomeText } from './dispute-form.ts';
import { DialogActions } from '../../components/DialogActions.tsx';

const STATUS_TEXT: Record<TDispute['status'], string> = {
  open: 'Waiting for QC',
  answered: 'Answered by QC',
  escalated: 'Escalated: waiting for an admin',
  decided: 'Decided by an admin: final',
};

function EscalateDialog({ dispute, opened, onClose }: { dispute: TDispute; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const mutation = useMutation({
    mutationFn: () => escalateDispute(dispute.id, reason.trim()),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: DISPUTE_MESSAGES.escalated });
      close();
      await queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
    },
  });
  function close() {
    setReason('');
    setProblem(undefined);
    mutation.reset();
    onClose();
  }
  const submit = () => {
    const parsed = ZDisputeEscalate.safeParse({ reason });
    const found = parsed.success ? undefined : parsed.error.issues[0]?.message;
    setProblem(found);
    if (found === undefined) mutation.mutate();
  };
  return (
    <Modal opened={opened} onClose={close} title="Escalate to an admin">
      <Stack gap="sm">
        <Text size="sm">
          An admin listens again and decides each rejected criterion. You can escalate once, and the admin&apos;s
          decision is final.
        </Text>
        <Textarea
          label="Why the answer is wrong"
          withAsterisk
          autosize
          minRows={3}
          maxLength={MAX_QC_TEXT}
          value={reason}
          error={problem}
          disabled={mutation.isPending}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <DialogActions
          error={mutation.error}
          failureTitle="The dispute was not escalated"
          onCancel={close}
          onSubmit={submit}
          submitLabel="Escalate"
          busy={mutation.isPending}
          color="orange"
        />
      </Stack>
    </Modal>
  );
}

/** The marks beside an outcome told by labels ("Accepted: No → Yes" then "0 → 10"), quieter than the labels. */
export function SecondaryMarks({ marks }: { marks: string | null | undefined }) {
  if (marks === null || marks === undefined) return null;
  return <span style={{ opacity: 0.65, fontWeight: 400, marginLeft: 6 }}>{marks}</span>;
}

type Props = { dispute: TDispute; columns: number; canEscalate: boolean };

export function DisputeOutcomeRow({ dispute, columns, canEscalate }: Props) {
  const [escalating, setEscalating] = useState(false);
  const done = dispute.status === 'answered' || dispute.status === 'decided';
  return (
    <Table.Tr aria-label={`Dispute of the call to ${dispute.consumerNumber} on ${dispute.callDate}`}>
      <Table.Td colSpan={columns} bg={done ? 'var(--mantine-color-gray-light)' : 'var(--mantine-color-yellow-light)'}>
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs">
              <Badge
                color={
                  dispute.status === 'decided'
                    ? 'violet'
                    : dispute.status === 'escalated'
                      ? 'orange'
                      : done
                        ? 'blue'
                        : 'yellow'
                }
                variant="filled"
              >
                {STATUS_TEXT[dispute.status]}
              </Badge>
              <Text size="xs" c="dimmed">
                {`Disputed on ${formatDateTime(dispute.raisedAt)}${dispute.answeredByName === null ? '' : `; answered by ${dispute.answeredByName}`}${dispute.decidedByName === null ? '' : `; decided by ${dispute.decidedByName}`}`}
              </Text>
            </Group>
            {canEscalate && dispute.canEscalate && (
              <Button size="compact-sm" color="orange" variant="light" onClick={() => setEscalating(true)}>
                Escalate
              </Button>
            )}
          </Group>
          {dispute.criteria.map((c) => (
            <Group key={c.criterion} gap="xs" wrap="nowrap" aria-label={`Outcome of ${c.name}`}>
              <Text size="sm" fw={600} w={200} style={{ flexShrink: 0 }}>
                {c.name}
              </Text>
              <Text
                size="sm"
                w={230}
                style={{ flexShrink: 0 }}
              >{`${markText(c, 'original')} → proposed ${markText(c, 'proposed')}`}</Text>
              {c.finalOutcome === null ? (
                <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
                  {outcomeText(c, dispute.scorecardId)}
                </Badge>
              ) : (
                <Badge
                  color={OUTCOME_COLOURS[c.finalOutcome]}
                  variant="light"
                  style={{ flexShrink: 0, textTransform: 'none' }}
                >
                  {outcomeText(c, dispute.scorecardId)}
                  <SecondaryMarks marks={outcomeMarks(c, dispute.scorecardId)} />
                </Badge>
              )}
              <Text size="xs" c="dimmed" lineClamp={2}>
                {c.decisionReason ?? c.answerReason ?? ''}
              </Text>
            </Group>
          ))}
        </Stack>
        <EscalateDialog dispute={dispute} opened={escalating} onClose={() => setEscalating(false)} />
      </Table.Td>
    </Table.Tr>
  );
}
