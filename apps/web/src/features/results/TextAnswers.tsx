// A text question's answers: paged by the server, searched by what they hold (Bengali too), under the screen's filters.
// Asked for when opened, as each is a heavy read of its own.
import { useEffect, useState } from 'react';
import { Button, Group, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pager } from '../../components/Pager.tsx';
import { pagerState } from '../../components/pager.ts';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { fetchResultTexts, isBusy, textsKey } from './api.ts';
import { groupNumber, type TResultsFilters } from './results-params.ts';

export const TEXTS_FAILED = 'The answers could not be loaded';
const PAGE_SIZE = 10;
const BUSY_RETRIES = 5;
const SEARCH_DELAY_MS = 300;

function AnswerList({ filters, qno, title }: { filters: TResultsFilters; qno: string; title: string }) {
  const [typed, setTyped] = useState('');
  // A new search starts at its first page.
  const [{ term, page }, setAsked] = useState({ term: '', page: 0 });
  const search = (words: string) => setAsked((now) => (now.term === words ? now : { term: words, page: 0 }));
  const setPage = (next: number) => setAsked((now) => ({ ...now, page: next }));
  // The search is asked for once typing pauses; Enter asks at once.
  useEffect(() => {
    const timer = setTimeout(
      () => setAsked((now) => (now.term === typed.trim() ? now : { term: typed.trim(), page: 0 })),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [typed]);
  const texts = useQuery({
    queryKey: textsKey(filters, qno, page, PAGE_SIZE, term),
    queryFn: ({ signal }) => fetchResultTexts(filters, qno, page, PAGE_SIZE, term, signal),
    placeholderData: keepPreviousData,
    retry: (failures, error) => failures < BUSY_RETRIES && isBusy(error),
    retryDelay: 1000,
  });
  const data = texts.data;
  return (
    <Stack gap="xs">
      <TextInput
        label={`Search the answers to ${qno}`}
        placeholder="Words the answer holds"
        w={320}
        size="xs"
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') search(typed.trim());
        }}
      />
      {texts.isPending && <LoadingRow />}
      {texts.isError && (
        <RetryAlert title={TEXTS_FAILED} message={texts.error.message} onRetry={() => void texts.refetch()} />
      )}
      {data !== undefined && data.total === 0 && (
        <Text size="sm" role="status">
          {term === '' ? 'No answers under these filters.' : `No answer holds "${term}". Try fewer words.`}
        </Text>
      )}
      {data !== undefined && data.total > 0 && (
        <>
          <ScrollArea.Autosize mah={360}>
            <Table striped withTableBorder fz="sm" verticalSpacing={4} horizontalSpacing="xs">
              <Table.Caption>
                Answers to {qno} {title}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={100}>Call date</Table.Th>
                  <Table.Th w={100}>Agent</Table.Th>
                  <Table.Th>Answer</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr key={`${item.leadId}:${item.day}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{item.day}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }} title={`Lead ${item.leadId}`}>
                      {item.agentId}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{item.answer}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          <Pager pager={pagerState(data.page, PAGE_SIZE, data.total)} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}

export function TextAnswers({
  filters,
  qno,
  title,
  count,
}: {
  filters: TResultsFilters;
  qno: string;
  title: string;
  /** How many answers there are, when the results said. */
  count: number | undefined;
}) {
  const [open, setOpen] = useState(false);
  if (open) return <AnswerList filters={filters} qno={qno} title={title} />;
  if (count === 0)
    return (
      <Text size="sm" c="dimmed">
        No answers under these filters.
      </Text>
    );
  return (
    <Group>
      <Button size="xs" variant="light" onClick={() => setOpen(true)}>
        {count === undefined ? `Show the answers to ${qno}` : `Show the ${groupNumber(count)} answers to ${qno}`}
      </Button>
    </Group>
  );
}
