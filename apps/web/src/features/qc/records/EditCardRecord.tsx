// Editing a QC record scored on a scorecard other than Standard (docs/scorecards.md, QC panel): its own version's form
// (GET /api/scorecards/{scorecardId}), started from the record's marks and comments, saved as scorecard {id, marks}.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Loader, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MAX_QC_TEXT,
  QC_MESSAGES,
  ZQcClientRecord,
  ZQcRecord,
  scoreMarks,
  type TQcKind,
  type TScorecard,
  type TScorecardMark,
} from '@crm/shared';
import { api } from '../../../app/api.ts';
import { marksToSend, problemsOf, ScorecardForm, type TMarkProblems } from '../../../components/scorecard/index.ts';
import { ScoreBar } from '../scorecard/ScoreBar.tsx';
import { refusedCriterion, useScorecardVersion } from '../scorecard/scorecard-versions.ts';
import { QC_RECORDS_KEY } from './api.ts';
import { recordTexts, type TAnyQcRecord } from './record-form.ts';

type Props = { kind: TQcKind; record: TAnyQcRecord; backPath: string };

function saveCardRecord(
  kind: TQcKind,
  record: TAnyQcRecord,
  card: TScorecard,
  marks: TScorecardMark[],
  suggestion: string,
): Promise<unknown> {
  const texts = recordTexts(record);
  const scorecard = { id: record.scorecardId, marks: marksToSend(card, marks) };
  return kind === 'client'
    ? api.put(
        '/api/qcReport/edit-Client-Qc',
        {
          id: record.id,
          version: record.version,
          scorecard,
          fatalReasonMarks: texts.fatalReason,
          easVoiceMatchedWithReportMarks: texts.easVoiceMatchedWithReport,
          suggestionMarks: suggestion.trim(),
        },
        { schema: ZQcClientRecord, notify: false },
      )
    : api.put(
        '/api/qcReport/editqc',
        {
          id: record.id,
          version: record.version,
          scorecard,
          fatalReason: texts.fatalReason,
          easVoiceMatchedWithReport: texts.easVoiceMatchedWithReport,
          suggestion: suggestion.trim(),
        },
        { schema: ZQcRecord, notify: false },
      );
}

function CardEdit({ kind, record, backPath, card }: Props & { card: TScorecard }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [marks, setMarks] = useState<TScorecardMark[]>(() =>
    (record.scorecard?.criteria ?? []).map((c) => ({ key: c.key, choice: c.choice, comment: c.comment })),
  );
  const [suggestion, setSuggestion] = useState(() => recordTexts(record).suggestion);
  const [problems, setProblems] = useState<TMarkProblems>({});
  const mutation = useMutation({
    mutationFn: () => saveCardRecord(kind, record, card, marks, suggestion),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: QC_MESSAGES.updateSuccessful });
      await queryClient.invalidateQueries({ queryKey: QC_RECORDS_KEY });
      await navigate(backPath);
    },
    onError: (error) => {
      const refused = refusedCriterion(error);
      if (refused !== null) setProblems({ [refused.key]: refused.message });
      notifications.show({ color: 'red', title: QC_MESSAGES.updateFailed, message: error.message, autoClose: 8000 });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = problemsOf(card, marks);
    setProblems(found);
    if (Object.keys(found).length === 0) mutation.mutate();
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
        <Textarea
          label="Suggestion"
          autosize
          minRows={2}
          maxLength={MAX_QC_TEXT}
          value={suggestion}
          onChange={(e) => setSuggestion(e.currentTarget.value)}
        />
        <ScoreBar
          results={[{ key: 'record', total, grade }]}
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
