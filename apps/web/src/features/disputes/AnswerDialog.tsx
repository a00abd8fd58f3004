// Answering a dispute (the record's inspector or an admin: every disputed criterion) or deciding an escalated one (an
// admin: every rejected criterion, final): per criterion keep the mark with a reason, accept the agent's mark, or set
// another of its scale, with the record's recording to listen to again. The buttons stay in view: the criteria scroll
// inside the dialog.
import { useState } from 'react';
import { Group, Modal, NativeSelect, ScrollArea, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DISPUTE_MESSAGES,
  MAX_QC_TEXT,
  QC_MESSAGES,
  type TDisputableCriterion,
  type TDispute,
  type TDisputeCriterion,
} from '@crm/shared';
import { ApiError } from '../../app/api.ts';
import { QC_RECORDS_KEY, REVIEWS_KEY } from '../../app/query-keys.ts';
import { answerDispute, decideDispute, disputableCriteriaKey, fetchDisputableCriteria } from './disputes-api.ts';
import {
  answerProblems,
  criteriaToAnswer,
  emptyAnswerDraft,
  markText,
  otherChoices,
  outcomeMarks,
  outcomeText,
  toAnswerBody,
  type TAnswerDraft,
  type TAnswerItem,
} from './dispute-form.ts';
import { DialogActions } from '../../components/DialogActions.tsx';
import { VoiceLogCell } from '../../components/recording/VoiceLogCell.tsx';
import { splitVoiceLog } from '../../components/recording/voice-log.ts';

export type TAnswerMode = 'answer' | 'decision';

function CriterionAnswer({
  c,
  item,
  problems,
  disabled,
  onChange,
  mode,
  scale,
  scorecardId,
}: {
  c: TDisputeCriterion;
  item: TAnswerItem;
  problems: Record<string, string>;
  disabled: boolean;
  onChange: (next: Partial<TAnswerItem>) => void;
  mode: TAnswerMode;
  scale: readonly TDisputableCriterion[] | undefined;
  scorecardId: number;
}) {
  // The inspector's answer, as a final outcome reads (by labels on a scorecard other than "Standard").
  const answered = { ...c, finalOutcome: c.outcome, finalMark: c.answeredMark, finalChoice: c.answeredChoice };
  const answeredMarks = outcomeMarks(answered, scorecardId);
  const others = otherChoices(c, scale);
  const choices = [
    { value: 'kept', label: 'Keep' },
    { value: 'accepted', label: 'Accept' },
    ...(others.length > 0 ? [{ value: 'changed', label: 'Change' }] : []),
  ];
  return (
    <Stack
      gap={4}
      aria-label={`Answer on ${c.name}`}
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {c.name}
          </Text>
          <Text size="xs">{`Marked ${markText(c, 'original')}; the agent proposes ${markText(c, 'proposed')}`}</Text>
          <Text size="xs" c="dimmed" lineClamp={2}>{`“${c.reason}”`}</Text>
          {mode === 'decision' && (
            <Text
              size="xs"
              c="orange"
            >{`QC answered: ${outcomeText(answered, scorecardId)}${answeredMarks === null ? '' : ` [${answeredMarks}]`}${c.answerReason === null ? '' : ` (${c.answerReason})`}`}</Text>
          )}
        </Stack>
        <SegmentedControl
          size="xs"
          aria-label={`Outcome of ${c.name}`}
          data={choices}
          value={item.outcome}
          disabled={disabled}
          onChange={(value) => onChange({ outcome: value as TAnswerItem['outcome'] })}
        />
      </Group>
      {problems[`${c.criterion}.outcome`] !== undefined && (
        <Text size="xs" c="red">
          {problems[`${c.criterion}.outcome`]}
        </Text>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {item.outcome === 'changed' && (
          <NativeSelect
            size="xs"
            w={190}
            aria-label={`Mark to set for ${c.name}`}
            data={[{ value: '', label: 'Choose…' }, ...others]}
            value={item.mark}
            error={problems[`${c.criterion}.mark`]}
            disabled={disabled}
            onChange={(e) => onChange({ mark: e.currentTarget.value })}
          />
        )}
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          aria-label={`Reason for ${c.name}`}
          placeholder={item.outcome === 'accepted' ? 'Reason (optional)' : 'Reason'}
          maxLength={MAX_QC_TEXT}
          value={item.reason}
          error={
            problems[`${c.criterion}.reason`] ??
            (item.outcome !== 'changed' ? problems[`${c.criterion}.mark`] : undefined)
          }
          disabled={disabled}
          onChange={(e) => onChange({ reason: e.currentTarget.value })}
        />
      </Group>
    </Stack>
  );
}

type Props = { dispute: TDispute; mode: TAnswerMode; opened: boolean; onClose: () => void };

export function AnswerDialog({ dispute, mode, opened, onClose }: Props) {
  const queryClient = useQueryClient();
  const criteria = criteriaToAnswer(dispute, mode);
  // The record's own scorecard version: the scales a changed choice is picked from.
  const scale = useQuery({
    queryKey: disputableCriteriaKey(dispute.qcId),
    queryFn: () => fetchDisputableCriteria(dispute.qcId),
  }).data?.criteria;
  const [draft, setDraft] = useState<TAnswerDraft>(() => emptyAnswerDraft(criteria));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: REVIEWS_KEY }),
      queryClient.invalidateQueries({ queryKey: QC_RECORDS_KEY }),
    ]);
  const mutation = useMutation({
    mutationFn: () => (mode === 'answer' ? answerDispute : decideDispute)(dispute.id, toAnswerBody(criteria, draft)),
    onSuccess: async () => {
      notifications.show({
        color: 'green',
        message: mode === 'answer' ? DISPUTE_MESSAGES.answered : DISPUTE_MESSAGES.decided,
      });
      close();
      await refresh();
    },
    // Answered meanwhile (another tab, another admin): show the list as it is now.
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409) await refresh();
    },
  });

  function close() {
    setDraft(emptyAnswerDraft(criteria));
    setProblems({});
    setChecked(false);
    mutation.reset();
    onClose();
  }
  const change = (key: string, next: Partial<TAnswerItem>) => {
    const current = draft[key] ?? { outcome: '', mark: '', reason: '' };
    const updated = { ...draft, [key]: { ...current, ...next } };
    setDraft(updated);
    if (checked) setProblems(answerProblems(criteria, updated, scale));
  };
  const submit = () => {
    const found = answerProblems(criteria, draft, scale);
    setProblems(found);
    setChecked(true);
    if (Object.keys(found).length === 0) mutation.mutate();
  };
  const title = mode === 'answer' ? 'Answer the dispute' : 'Decide the escalated dispute';

  return (
    <Modal opened={opened} onClose={close} title={title} size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {`${dispute.agentName} (${dispute.agentId}), call to ${dispute.consumerNumber} on ${dispute.callDate}, total ${dispute.total}, scored by ${dispute.qcInspectorName}.`}
          {mode === 'decision' && dispute.answeredByName !== null ? ` Answered by ${dispute.answeredByName}.` : ''}
          {mode === 'decision' && dispute.escalationReason !== null
            ? ` Escalated: “${dispute.escalationReason}”. Your decision is final.`
            : ''}
          {dispute.comment === '' ? '' : ` Agent's comment: “${dispute.comment}”.`}
        </Text>
        {/* The agent asks to listen again: the record's recording, as the Concerned List plays it. */}
        <VoiceLogCell
          recording={splitVoiceLog(dispute.voiceLog)}
          missingText={QC_MESSAGES.noAudioFlags}
          label={`Recording of the call to ${dispute.consumerNumber} on ${dispute.callDate}`}
        />
        <ScrollArea.Autosize mah="calc(100vh - 380px)" type="auto" offsetScrollbars>
          {criteria.map((c) => (
            <CriterionAnswer
              key={c.criterion}
              c={c}
              mode={mode}
              scale={scale}
              scorecardId={dispute.scorecardId}
              item={draft[c.criterion] ?? { outcome: '', mark: '', reason: '' }}
              problems={problems}
              disabled={mutation.isPending}
              onChange={(next) => change(c.criterion, next)}
            />
          ))}
        </ScrollArea.Autosize>
        <DialogActions
          error={mutation.error}
          failureTitle={mode === 'answer' ? 'The answer was not saved' : 'The decision was not saved'}
          onCancel={close}
          onSubmit={submit}
          submitLabel={mode === 'answer' ? 'Save answer' : 'Save decision'}
          busy={mutation.isPending}
        />
      </Stack>
    </Modal>
  );
}
