// Per question, in survey order, a card: answered / skipped / not reached; a choice question's options as bars and a
// table; a number question's mean, median, min, max and histogram; a text question's answers. An index beside the
// cards jumps to one; j/k (or ↓/↑ in the index and the cards) move between them.
import { useCallback, useEffect, useRef, useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Badge, Grid, Group, NavLink, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TResultQuestion } from '@crm/shared';
import { binLabel, groupNumber, percentText, questionStep, statText, type TResultsFilters } from './results-params.ts';
import { TextAnswers } from './TextAnswers.tsx';

const TEXT_TYPES = ['Text Input', 'Textarea', 'Email'];
const BAR_HEIGHT = 28;

const cardId = (qno: string) => `question-${qno}`;

function Reach({ q }: { q: TResultQuestion }) {
  return (
    <Text size="sm" c="dimmed" data-testid={`reach-${q.qno}`}>
      Answered {groupNumber(q.answered)} · skipped {groupNumber(q.skipped)} · not reached {groupNumber(q.notReached)}
    </Text>
  );
}

function Options({ q }: { q: TResultQuestion }) {
  const options = q.options ?? [];
  if (options.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No answers under these filters.
      </Text>
    );
  return (
    <Grid gap="md" columns={24}>
      <Grid.Col span={12}>
        <BarChart
          h={Math.min(400, BAR_HEIGHT * options.length + 40)}
          data={options.map((o) => ({ option: o.option, count: o.count }))}
          dataKey="option"
          orientation="vertical"
          series={[{ name: 'count', label: 'Calls', color: 'indigo.6' }]}
          valueFormatter={groupNumber}
          withBarValueLabel
          gridAxis="none"
          barChartProps={{ margin: { right: 24 } }}
          yAxisProps={{ width: 140 }}
          xAxisProps={{ allowDecimals: false }}
          aria-hidden
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Table striped withTableBorder fz="sm" verticalSpacing={4} horizontalSpacing="xs">
          <Table.Caption>
            Options of {q.qno}
            {q.type === 'Multi Select Option'
              ? ' (a call may choose several: the shares add up to more than 100%)'
              : ''}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Option</Table.Th>
              <Table.Th ta="right">Count</Table.Th>
              <Table.Th ta="right" title="Of the calls that answered">
                %
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {options.map((o) => (
              <Table.Tr key={o.option}>
                <Table.Td>{o.option}</Table.Td>
                <Table.Td ta="right">{groupNumber(o.count)}</Table.Td>
                <Table.Td ta="right">{percentText(o.percent)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Grid.Col>
    </Grid>
  );
}

function Numbers({ q }: { q: TResultQuestion }) {
  const n = q.numbers;
  if (n === undefined) return null;
  const stats = [
    ['Mean', n.mean],
    ['Median', n.median],
    ['Min', n.min],
    ['Max', n.max],
  ] as const;
  return (
    <Grid gap="md" columns={24}>
      <Grid.Col span={8}>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" data-testid={`numbers-${q.qno}`}>
          {stats.map(([label, value]) => (
            <Paper key={label} withBorder p="xs" radius="sm">
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={600}>{statText(value)}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Grid.Col>
      <Grid.Col span={16}>
        {n.histogram.length === 0 ? (
          <Text size="sm" c="dimmed">
            No answers under these filters.
          </Text>
        ) : (
          <BarChart
            h={180}
            data={n.histogram.map((b) => ({ bin: binLabel(b), count: b.count }))}
            dataKey="bin"
            series={[{ name: 'count', label: 'Calls', color: 'teal.6' }]}
            valueFormatter={groupNumber}
            withBarValueLabel
            xAxisProps={{ interval: 0 }}
            yAxisProps={{ allowDecimals: false, width: 48 }}
            aria-label={`Histogram of ${q.qno}`}
          />
        )}
      </Grid.Col>
    </Grid>
  );
}

function QuestionCard({
  q,
  filters,
  onFocus,
  scrollMargin,
}: {
  q: TResultQuestion;
  filters: TResultsFilters;
  onFocus: () => void;
  scrollMargin: string;
}) {
  const isText =
    q.options === undefined && q.numbers === undefined && (q.texts !== undefined || TEXT_TYPES.includes(q.type));
  return (
    <Paper
      id={cardId(q.qno)}
      withBorder
      p="sm"
      radius="md"
      tabIndex={-1}
      component="section"
      aria-labelledby={`${cardId(q.qno)}-title`}
      onFocus={onFocus}
      style={{ scrollMarginTop: scrollMargin, outlineOffset: 2 }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5" id={`${cardId(q.qno)}-title`}>
            {q.qno} · {q.title}
          </Title>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {q.type}
          </Badge>
        </Group>
        <Reach q={q} />
        {q.options !== undefined && <Options q={q} />}
        {q.numbers !== undefined && <Numbers q={q} />}
        {isText && <TextAnswers filters={filters} qno={q.qno} title={q.title} count={q.texts} />}
      </Stack>
    </Paper>
  );
}

export function QuestionsPanel({
  questions,
  filters,
  stickyTop,
}: {
  questions: TResultQuestion[];
  filters: TResultsFilters;
  /** Pixels under the top bar the filter bar takes: the index sits below it, a card scrolls to just below it. */
  stickyTop: number;
}) {
  const [current, setCurrent] = useState(0);
  const panel = useRef<HTMLDivElement>(null);
  const jump = useCallback(
    (index: number) => {
      const q = questions[index];
      if (q === undefined) return;
      setCurrent(index);
      const card = document.getElementById(cardId(q.qno));
      card?.focus({ preventScroll: true });
      card?.scrollIntoView?.({ block: 'start' });
    },
    [questions],
  );
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const step = questionStep(event.key, event.target);
      if (step === 0) return;
      // The arrows move between questions only from the index or a card; elsewhere they scroll the page as always.
      const arrow = event.key === 'ArrowUp' || event.key === 'ArrowDown';
      const inPanel = event.target instanceof Node && panel.current?.contains(event.target) === true;
      if (arrow && !inPanel) return;
      event.preventDefault();
      jump(Math.min(Math.max(current + step, 0), questions.length - 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, jump, questions.length]);

  if (questions.length === 0)
    return (
      <Text size="sm" role="status">
        This campaign has no questions yet: add them on the Questions screen, and its results show here.
      </Text>
    );
  const top = `calc(var(--app-shell-header-offset, 0px) + ${stickyTop + 12}px)`;
  return (
    <Grid gap="md" columns={24} ref={panel}>
      <Grid.Col span={5}>
        <Paper withBorder p={4} radius="md" component="nav" aria-label="Questions" style={{ position: 'sticky', top }}>
          <Text size="xs" c="dimmed" px={6} pt={2}>
            j / k: next / previous question
          </Text>
          <ScrollArea.Autosize mah={`calc(100dvh - ${stickyTop + 90}px)`}>
            {questions.map((q, index) => (
              <NavLink
                key={q.qno}
                component="button"
                active={index === current}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => jump(index)}
                label={
                  <Text size="sm" truncate="end">
                    <b>{q.qno}</b> {q.title}
                  </Text>
                }
                py={3}
              />
            ))}
          </ScrollArea.Autosize>
        </Paper>
      </Grid.Col>
      <Grid.Col span={19}>
        <Stack gap="sm">
          {questions.map((q, index) => (
            <QuestionCard key={q.qno} q={q} filters={filters} onFocus={() => setCurrent(index)} scrollMargin={top} />
          ))}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
