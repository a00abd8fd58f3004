// The agent's "Dispute criteria" dialog: pick criteria of the record's own scorecard version whose choices are wrong,
// the right choice of each (on its scale, never the current one) and why. Submitting raises the review (agreed No, a concern) and the dispute together.
// The list scrolls inside the dialog so the comment and the buttons stay in view on a 1366×768 screen.
import { useState } from 'react';
import { Checkbox, Modal, NativeSelect, ScrollArea, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DISPUTE_MESSAGES, MAX_QC_TEXT, type TQcRecord } from '@crm/shared';
import { formatDateTime } from '../../app/time-zone.ts';
import { REVIEWS_KEY } from '../../app/query-keys.ts';
import { disputableCriteriaKey, fetchDisputableCriteria, raiseDispute } from './disputes-api.ts';
import {
  choiceText,
  emptyRaiseDraft,
  proposableChoices,
  raiseItemOf,
  raiseProblems,
  toRaiseBody,
  type TCriterionDraft,
  type TRaiseDraft,
} from './dispute-form.ts';
import { DialogActions } from '../../components/DialogActions.tsx';

type Props = { record: TQcRecord; until: Date | null; opened: boolean; onClose: () => void };

export function DisputeDialog({ record, until, opened, onClose }: Props) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TRaiseDraft>(() => emptyRaiseDraft());
  // The record's own scorecard version: its criteria and scales.
  const scale = useQuery({
    queryKey: disputableCriteriaKey(record.id),
    queryFn: () => fetchDisputableCriteria(record.id),
    enabled: opened,
  });
  const criteria = scale.data?.criteria ?? [];
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const mutation = useMutation({
    mutationFn: () => raiseDispute(toRaiseBody(record.id, criteria, draft)),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: DISPUTE_MESSAGES.raised });
      close();
      await queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
    },
  });

  function close() {
    setDraft(emptyRaiseDraft());
    setProblems({});
    setChecked(false);
    mutation.reset();
    onClose();
  }

  const change = (key: string, next: Partial<TCriterionDraft>) => {
    const updated = { ...draft, items: { ...draft.items, [key]: { ...raiseItemOf(draft, key), ...next } } };
    setDraft(updated);
    if (checked) setProblems(raiseProblems(record, criteria, updated));
  };
  const submit = () => {
    const found = raiseProblems(record, criteria, draft);
    setProblems(found);
    setChecked(true);
    if (Object.keys(found).length === 0) mutation.mutate();
  };
  const busy = mutation.isPending;

  return (
    <Modal opened={opened} onClose={close} title="Dispute criteria" size={1080}>
      <Stack gap="sm" aria-label="Dispute criteria form">
        <Text size="sm" c="dimmed">
          {`Call to ${record.consumerNumber} on ${record.callDate}, total ${record.total}. Tick each criterion you believe was marked wrongly, choose the right mark and say why.${until === null ? '' : ` You can dispute until ${formatDateTime(until.toISOString())}.`}`}
        </Text>
        {scale.data && scale.data.scorecard.id !== 1 && (
          <Text
            size="xs"
            c="dimmed"
          >{`Scored on "${scale.data.scorecard.name}" version ${scale.data.scorecard.version}`}</Text>
        )}
        {scale.isError && (
          <Text size="sm" c="red" role="alert">
            The record's criteria could not be loaded
          </Text>
        )}
        <ScrollArea.Autosize mah="calc(100vh - 420px)" type="auto" offsetScrollbars>
          <Table verticalSpacing={4} aria-label="Criteria">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Criterion</Table.Th>
                <Table.Th>Marked</Table.Th>
                <Table.Th>Right mark</Table.Th>
                <Table.Th>Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {criteria.map((c) => {
                const item = raiseItemOf(draft, c.key);
                return (
                  <Table.Tr key={c.key}>
                    <Table.Td w={240}>
                      <Checkbox
                        label={c.name}
                        checked={item.picked}
                        disabled={busy}
                        onChange={(e) => change(c.key, { picked: e.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{choiceText(c.choice, c.marks)}</Text>
                    </Table.Td>
                    <Table.Td w={200}>
                      {item.picked && (
                        <NativeSelect
                          aria-label={`Right mark of ${c.name}`}
                          size="xs"
                          data={[{ value: '', label: 'Choose…' }, ...proposableChoices(c)]}
                          value={item.proposedMark}
                          error={problems[`items.${c.key}.proposedMark`]}
                          disabled={busy}
                          onChange={(e) => change(c.key, { proposedMark: e.currentTarget.value })}
                        />
                      )}
                    </Table.Td>
                    <Table.Td>
                      {item.picked && (
                        <TextInput
                          aria-label={`Why ${c.name} should be that mark`}
                          size="xs"
                          placeholder="What the recording shows"
                          maxLength={MAX_QC_TEXT}
                          value={item.reason}
                          error={problems[`items.${c.key}.reason`]}
                          disabled={busy}
                          onChange={(e) => change(c.key, { reason: e.currentTarget.value })}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        {problems.criteria !== undefined && (
          <Text size="sm" c="red" role="alert">
            {problems.criteria}
          </Text>
        )}
        <Textarea
          label="Comment"
          placeholder="Anything else QC should know (optional)"
          autosize
          minRows={1}
          maxRows={3}
          maxLength={MAX_QC_TEXT}
          value={draft.comment}
          error={problems.comment}
          disabled={busy}
          onChange={(e) => setDraft({ ...draft, comment: e.currentTarget.value })}
        />
        <DialogActions
          error={mutation.error}
          failureTitle="The dispute was not raised"
          onCancel={close}
          onSubmit={submit}
          submitLabel="Raise dispute"
          busy={busy}
          color="red"
        />
      </Stack>
    </Modal>
  );
}
