// The lead of the searched number: its details and its answers ("Customer Response"), each titled by its question
// (matched by qno), with an edit mode that corrects answers and saves only those changed; then its calls (attempts and the
// last disposition, docs/guide/call-loop.md) and its answer history.
import { memo, useState } from 'react';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QC_MESSAGES, SURVEY_MESSAGES, type TLead, type TQuestion } from '@crm/shared';
import { saveLeadAnswers, type TLeadSearch } from '../../../components/lead/lead-api.ts';
import { leadCellNumber, leadDetails, leadId, leadVersion } from '../../../components/lead/lead-view.ts';
import {
  answerEditBody,
  answerEditProblems,
  answerRows,
  draftOf,
  type TAnswerRow,
  type TDraft,
} from './answer-edit.ts';
import { LeadAttempts } from '../../../components/LeadAttempts.tsx';
import { AnswerHistory } from './AnswerHistory.tsx';
import { AnswerInput } from './AnswerInput.tsx';
import type { TQueryView } from './query-view.ts';

export const NOTHING_CHANGED = 'No answer was changed.';

type Props = {
  lead: TQueryView<TLeadSearch>;
  questions: TQueryView<TQuestion[]>;
  campaignName: string;
  onLeadSaved: (lead: TLead) => void;
};

function Details({ lead }: { lead: TLead }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 1 }} spacing={4} verticalSpacing={2}>
      {leadDetails(lead).map(({ label, value }) => (
        <Group key={label} gap={6} wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" miw={120}>
            {label}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}

function Answers({
  lead,
  rows,
  campaignName,
  onLeadSaved,
  canEdit,
}: {
  lead: TLead;
  rows: TAnswerRow[];
  campaignName: string;
  onLeadSaved: Props['onLeadSaved'];
  canEdit: boolean;
}) {
  const [drafts, setDrafts] = useState<Record<string, TDraft> | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const editing = drafts !== null;

  const startEditing = () => {
    setDrafts(Object.fromEntries(rows.filter((r) => r.question !== null).map((r) => [r.qno, draftOf(r)])));
    setProblems({});
    setFailure(null);
  };
  const stopEditing = () => {
    setDrafts(null);
    setProblems({});
    setFailure(null);
  };

  const save = async () => {
    if (drafts === null || saving) return;
    const found = answerEditProblems(rows, drafts);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const body = answerEditBody(rows, drafts);
    if (Object.keys(body).length === 0) {
      notifications.show({ color: 'blue', message: NOTHING_CHANGED });
      stopEditing();
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      // With the version shown: a save made since the search is refused (409, naming who), not overwritten.
      const result = await saveLeadAnswers(
        campaignName,
        leadCellNumber(lead),
        { leadId: leadId(lead), version: leadVersion(lead) },
        body,
      );
      notifications.show({ color: 'green', message: QC_MESSAGES.leadUpdated });
      onLeadSaved(result.lead);
      stopEditing();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      setFailure(reason);
      notifications.show({ color: 'red', title: QC_MESSAGES.leadUpdateFailed, message: reason, autoClose: 8000 });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-label="Customer Response">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Customer Response
        </Title>
        {editing ? (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={stopEditing} disabled={saving}>
              Cancel
            </Button>
            <Button size="xs" onClick={() => void save()} loading={saving}>
              Save answers
            </Button>
          </Group>
        ) : (
          <Button size="xs" variant="light" onClick={startEditing} disabled={!canEdit}>
            Edit answers
          </Button>
        )}
      </Group>
      {failure !== null && (
        <Alert color="red" variant="light" p="xs" title={QC_MESSAGES.leadUpdateFailed} role="alert">
          {failure}
        </Alert>
      )}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          The campaign has no questions to answer.
        </Text>
      ) : (
        <Table verticalSpacing={6} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>Qno</Table.Th>
              <Table.Th>Question</Table.Th>
              <Table.Th w="45%">Answer</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const draft = drafts?.[row.qno];
              return (
                <Table.Tr key={row.qno}>
                  <Table.Td>{row.qno}</Table.Td>
                  <Table.Td>
                    {row.title ?? (
                      <Text span size="sm" c="dimmed">
                        (question deleted)
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {editing && draft !== undefined ? (
                      <AnswerInput
                        row={row}
                        draft={draft}
                        error={problems[row.qno]}
                        disabled={saving}
                        onChange={(next) => setDrafts((d) => (d === null ? d : { ...d, [row.qno]: next }))}
                      />
                    ) : (
                      (row.stored ?? '---')
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

// Memoised: the player's and the scorecard's updates leave the lead as it is (the panel passes stable props).
export const LeadCard = memo(function LeadCard({ lead, questions, campaignName, onLeadSaved }: Props) {
  const found = lead.data?.kind === 'lead' ? lead.data.lead : null;
  const foundId = found === null ? undefined : leadId(found);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Lead">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Lead
          </Title>
          {(lead.isFetching || questions.isFetching) && <Loader size="xs" aria-label="Loading the lead" />}
        </Group>
        {lead.error !== null ? (
          <Alert color="red" variant="light" title="The lead could not be looked up" role="alert">
            <Group gap="xs">
              <Text size="sm">{lead.error.message}</Text>
              <Button size="compact-sm" variant="light" onClick={() => void lead.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        ) : lead.data === undefined ? (
          <Text size="sm" c="dimmed">
            Looking up the lead…
          </Text>
        ) : found === null ? (
          <Alert color="yellow" variant="light" role="status">
            {SURVEY_MESSAGES.leadNotGenerated} The recordings can still be played and scored.
          </Alert>
        ) : (
          <>
            <Details lead={found} />
            {questions.error !== null && (
              <Alert
                color="red"
                variant="light"
                p="xs"
                title="The campaign's questions could not be loaded"
                role="alert"
              >
                <Group gap="xs">
                  <Text size="sm">{questions.error.message}</Text>
                  <Button size="compact-sm" variant="light" onClick={() => void questions.refetch()}>
                    Retry
                  </Button>
                </Group>
              </Alert>
            )}
            <Answers
              lead={found}
              rows={answerRows(found, questions.data ?? [])}
              campaignName={campaignName}
              onLeadSaved={onLeadSaved}
              canEdit={questions.data !== undefined}
            />
            {foundId !== undefined && (
              <LeadAttempts leadId={foundId} version={leadVersion(found)} compact label="Call attempts" />
            )}
            {foundId !== undefined && <AnswerHistory leadId={foundId} version={leadVersion(found)} />}
          </>
        )}
      </Stack>
    </Paper>
  );
});
