// Editing a QC record scored on a scorecard other than Standard (docs/scorecards.md, QC panel): its own version's form
// (GET /api/scorecards/{scorecardId}), started from the record's marks and comments, saved as scorecard {id, marks}
// with the Standard edit's three texts (Fatal Reason, "EAS voice matched with report ?", Suggestion).
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Group, Loader, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MAX_QC_TEXT,
  QC_MESSAGES,
  ZQcClientRecord,
  ZQcRecordEditReply,
  scoreMarks,
  type TQcKind,
  type TScorecard,
  type TScorecardMark,
} from '@crm/shared';
import { api } from '../../../app/api.ts';
import { marksToSend, problemsOf, ScorecardForm, type TMarkProblems } from '../../../components/scorecard/index.ts';
import { ScoreBar } from '../scorecard/ScoreBar.tsx';
import { refusedCriterion, useScorecardVersion } from '../scorecard/scorecard-versions.ts';
import { easChoices, normalisedEas } from '../scorecard/scorecard-values.ts';
import { QC_RECORDS_KEY, type TApplyToClient } from './api.ts';
import { appliedNames, useApplyToClient } from './ApplyToClient.tsx';
import { fieldsOfMarks, fieldsOfRecord } from './apply-to-client.ts';
import { recordTexts, type TAnyQcRecord, type TQcRecordTexts } from './record-form.ts';

type Props = { kind: TQcKind; record: TAnyQcRecord; backPath: string };

/** The record's texts as the form starts them: its EAS answer spelt as the choices spell it. */
function textsOf(record: TAnyQcRecord): TQcRecordTexts {
  const texts = recordTexts(record);
  return { ...texts, easVoiceMatchedWithReport: normalisedEas(texts.easVoiceMatchedWithReport) };
}

function saveCardRecord(
  kind: TQcKind,
  record: TAnyQcRecord,
  card: TScorecard,
  marks: TScorecardMark[],
  texts: TQcRecordTexts,
  apply: TApplyToClient | undefined,
): Promise<unknown> {
  const fatalReason = texts.fatalReason.trim();
  const suggestion = texts.suggestion.trim();
  const scorecard = { id: record.scorecardId, marks: marksToSend(card, marks) };
  return kind === 'client'
    ? api.put(
        '/api/qcReport/edit-Client-Qc',
        {
          id: record.id,
          version: record.version,
          scorecard,
          fatalReasonMarks: fatalReason,
          easVoiceMatchedWithReportMarks: texts.easVoiceMatchedWithReport,
          suggestionMarks: suggestion,
        },
        { schema: ZQcClientRecord, notify: false },
      )
    : api.put(
        '/api/qcReport/editqc',
        {
          id: record.id,
          version: record.version,
          scorecard,
          fatalReason,
          easVoiceMatchedWithReport: texts.easVoiceMatchedWithReport,
          suggestion,
          ...apply,
        },
        { schema: ZQcRecordEditReply, notify: false },
      );
}

function CardEdit({ kind, record, backPath, card }: Props & { card: TScorecard }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [marks, setMarks] = useState<TScorecardMark[]>(() =>
    (record.scorecard?.criteria ?? []).map((c) => ({ key: c.key, choice: c.choice, comment: c.comment })),
  );
  const [texts, setTexts] = useState(() => textsOf(record));
  const setText = (field: keyof TQcRecordTexts, value: string) => setTexts((t) => ({ ...t, [field]: value }));
  const [problems, setProblems] = useState<TMarkProblems>({});
  const names = new Map(card.sections.flatMap((sec) => sec.criteria.map((c) => [c.key, c.name] as const)));
  const [before] = useState(() => fieldsOfRecord(record));
  const after = fieldsOfMarks(names, marks, texts);
  const toClient = useApplyToClient(record, before, after, false);
  const mutation = useMutation({
    mutationFn: (apply: TApplyToClient | undefined) => saveCardRecord(kind, record, card, marks, texts, apply),
    onSuccess: async (reply) => {
      const applied = appliedNames(reply, after);
      notifications.show({
        color: 'green',
        title: applied === null ? undefined : QC_MESSAGES.updateSuccessful,
        message: applied === null ? QC_MESSAGES.updateSuccessful : QC_MESSAGES.appliedToClient(applied),
      });
      await queryClient.invalidateQueries({ queryKey: QC_RECORDS_KEY });
      await navigate(backPath);
    },
    onError: (error) => {
      if (toClient.onRefused(error)) {
        notifications.show({ color: 'red', title: QC_MESSAGES.updateFailed, message: error.message, autoClose: 8000 });
        return;
      }
      const refused = refusedCriterion(error);
      if (refused !== null) setProblems({ [refused.key]: refused.message });
      notifications.show({ color: 'red', title: QC_MESSAGES.updateFailed, message: error.message, autoClose: 8000 });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = problemsOf(card, marks);
    setProblems(found);
    if (Object.keys(found).length === 0) mutation.mutate(toClient.send);
  };
  const { total, grade } = scoreMarks(card, marks);
  return (
    <form onSubmit={submit} aria-label={`Edit on ${card.name} v${card.version}`}>
      <Stack gap="sm">
        <ScorecardForm
          definition={card}
          marks={marks}
          onChange={setMarks}
          problems={problems}
          disabled={mutation.isPending}
          summary={false}
        />
        <Group gap="sm" align="flex-start" grow>
          <TextInput
            label="Fatal Reason"
            maxLength={MAX_QC_TEXT}
            disabled={mutation.isPending}
            value={texts.fatalReason}
            onChange={(e) => setText('fatalReason', e.currentTarget.value)}
          />
          <NativeSelect
            label="EAS voice matched with report ?"
            disabled={mutation.isPending}
            value={texts.easVoiceMatchedWithReport}
            data={easChoices(texts.easVoiceMatchedWithReport)}
            onChange={(e) => setText('easVoiceMatchedWithReport', e.currentTarget.value)}
          />
        </Group>
        <Textarea
          label="Suggestion"
          autosize
          minRows={2}
          maxLength={MAX_QC_TEXT}
          disabled={mutation.isPending}
          value={texts.suggestion}
          onChange={(e) => setText('suggestion', e.currentTarget.value)}
        />
        <ScoreBar
          results={[{ key: 'record', total, grade }]}
          note={toClient.option}
          actions={
            <>
              <Button variant="default" component={Link} to={backPath}>
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                Update
              </Button>
            </>
          }
        />
      </Stack>
    </form>
  );
}

/** The record's own version read, then its form. */
export function EditCardRecord(props: Props) {
  const card = useScorecardVersion(props.record.scorecardId);
  if (card.error !== null)
    return (
      <Alert color="red" title="The record's scorecard could not be loaded" role="alert">
        {card.error.message}
      </Alert>
    );
  if (card.data === undefined) return <Loader size="sm" aria-label="Loading the record's scorecard" />;
  return <CardEdit {...props} card={card.data} />;
}
