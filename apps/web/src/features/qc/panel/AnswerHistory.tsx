// The lead's answer history on the QC panel's lead card: every survey save, newest first (who, when, whether the call
// was completed, the answers as they stood after it); the newest few at first, all on request.
import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { qnoNumber, type TLeadAnswerHistoryEntry } from '@crm/shared';
import { formatDateTime } from '../../../app/time-zone.ts';
import { answerHistoryKey, fetchLeadAnswerHistory } from './api.ts';

/** Saves shown before "Show all": a lead saved more often than this is long. */
export const HISTORY_SHOWN_FIRST = 3;
/** Answers longer than this (as one line of text) are cut to two lines until shown in full. */
const LONG_ANSWERS = 160;

/** 'Q1: Yes · Q2: Alpha, Beta' in qno order; the answers the save left empty are not listed. */
export function answersText(answers: TLeadAnswerHistoryEntry['answers']): string {
  const keys = Object.keys(answers).sort((a, b) => qnoNumber(a) - qnoNumber(b) || a.localeCompare(b));
  return keys.length === 0 ? 'No answers' : keys.map((qno) => `${qno}: ${answers[qno] ?? ''}`).join(' · ');
}

// Narrow (the left column of the panel): when and who share a cell, so the answers get the width.
function HistoryTable({ entries, expanded }: { entries: TLeadAnswerHistoryEntry[]; expanded: boolean }) {
  return (
    <Table verticalSpacing={4} horizontalSpacing={6} striped aria-label="Saves of this lead">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={120}>Saved at, agent</Table.Th>
          <Table.Th w={56}>Called</Table.Th>
          <Table.Th>Answers</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.version}>
            <Table.Td>
              <Text size="xs">{formatDateTime(entry.savedAt)}</Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {entry.agentId}
              </Text>
            </Table.Td>
            <Table.Td fz="xs">{entry.isCalled === 1 ? 'Yes' : 'No'}</Table.Td>
            <Table.Td>
              <Text size="xs" lineClamp={expanded ? undefined : 2} style={{ overflowWrap: 'anywhere' }}>
                {answersText(entry.answers)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** version: the lead's as shown, so a correction saved on the card reads the history again. */
export function AnswerHistory({ leadId, version }: { leadId: number; version: number | undefined }) {
  const [expanded, setExpanded] = useState(false);
  const history = useQuery({
    queryKey: answerHistoryKey(leadId, version),
    queryFn: () => fetchLeadAnswerHistory(leadId),
  });
  const entries = history.data ?? [];
  const many = entries.length > HISTORY_SHOWN_FIRST;
  const collapsible = many || entries.some((e) => answersText(e.answers).length > LONG_ANSWERS);

  return (
    <Stack gap="xs" component="section" aria-label="Answer history">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Answer history
        </Title>
        {history.isFetching && <Loader size="xs" aria-label="Loading the answer history" />}
      </Group>
      {history.error !== null ? (
        <Alert color="red" variant="light" p="xs" title="The answer history could not be loaded" role="alert">
          <Group gap="xs">
            <Text size="sm">{history.error.message}</Text>
            <Button size="compact-sm" variant="light" onClick={() => void history.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : history.data === undefined ? (
        <Text size="sm" c="dimmed">
          Loading the answer history…
        </Text>
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No survey save of this lead yet.
        </Text>
      ) : (
        <>
          <HistoryTable
            entries={expanded || !many ? entries : entries.slice(0, HISTORY_SHOWN_FIRST)}
            expanded={expanded || !collapsible}
          />
          {collapsible && (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => setExpanded((e) => !e)}
              style={{ alignSelf: 'flex-start' }}
            >
              {expanded ? 'Show less' : many ? `Show all ${entries.length} saves` : 'Show the answers in full'}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
