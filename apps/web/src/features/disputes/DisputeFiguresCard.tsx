// The dispute figures of /flag-raised: disputes raised, criteria accepted / rejected / changed / pending, disputes
// escalated and the median time to answer, in total, per inspector and per criterion (a key within a scorecard; the
// scorecard named beside it when the lines come from more than one), for the days chosen (an inspector sees its own
// lines).
import { useState } from 'react';
import { Alert, Card, Group, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ZDisputeFiguresQuery, type TDisputeFigureLine, type TDisputeFiguresQuery } from '@crm/shared';
import { DateField } from '../../components/DateField.tsx';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { disputeFiguresKey, fetchDisputeFigures } from './disputes-api.ts';

const COLUMNS: readonly (readonly [keyof TDisputeFigureLine, string])[] = [
  ['disputes', 'Disputes'],
  ['criteria', 'Criteria'],
  ['accepted', 'Accepted'],
  ['rejected', 'Rejected'],
  ['changed', 'Changed'],
  ['pending', 'Pending'],
  ['escalated', 'Escalated'],
  ['medianHoursToAnswer', 'Median h to answer'],
];

const cell = (line: TDisputeFigureLine, key: keyof TDisputeFigureLine) => {
  const value = line[key];
  return value === null ? '—' : String(value);
};

function FigureTable({
  label,
  first,
  rows,
}: {
  label: string;
  first: string;
  rows: { key: string; name: string; note?: string | undefined; line: TDisputeFigureLine }[];
}) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No disputes on these days.
      </Text>
    );
  return (
    <Table striped withTableBorder fz="sm" verticalSpacing={4} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{first}</Table.Th>
          {COLUMNS.map(([key, title]) => (
            <Table.Th key={key} ta="right">
              {title}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(({ key, name, note, line }) => (
          <Table.Tr key={key}>
            <Table.Td>
              {name}
              {note !== undefined && (
                <Text span size="xs" c="dimmed" ml={6}>
                  {note}
                </Text>
              )}
            </Table.Td>
            {COLUMNS.map(([key]) => (
              <Table.Td key={key} ta="right">
                {cell(line, key)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function DisputeFiguresCard() {
  const [range, setRange] = useState({ startDate: '', endDate: '' });
  const input = { startDate: range.startDate || undefined, endDate: range.endDate || undefined };
  const parsed = ZDisputeFiguresQuery.safeParse(input);
  const query: TDisputeFiguresQuery = parsed.success ? parsed.data : {};
  const figures = useQuery({
    queryKey: disputeFiguresKey(query),
    queryFn: () => fetchDisputeFigures(query),
    enabled: parsed.success,
    staleTime: 0,
  });

  let body;
  if (!parsed.success)
    body = (
      <Alert color="red" variant="light">
        {parsed.error.issues[0]?.message}
      </Alert>
    );
  else if (figures.isPending) body = <LoadingRow />;
  else if (figures.isError)
    body = (
      <RetryAlert
        title="The figures could not be loaded"
        message={figures.error.message}
        onRetry={() => void figures.refetch()}
      />
    );
  else {
    const { total, byInspector, byCriterion } = figures.data;
    // Two scorecards may use one key: their lines are apart, and named by scorecard once more than one is there.
    const manyScorecards = new Set(byCriterion.map((l) => l.scorecardId)).size > 1;
    body = (
      <Stack gap="sm">
        <SimpleGrid cols={8} spacing="xs" aria-label="Dispute totals">
          {COLUMNS.map(([key, title]) => (
            <Stack key={key} gap={0} align="center">
              <Text size="lg" fw={700}>
                {cell(total, key)}
              </Text>
              <Text size="xs" c="dimmed" ta="center">
                {title}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Tabs defaultValue="inspector" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="inspector">Per inspector</Tabs.Tab>
            <Tabs.Tab value="criterion">Per criterion</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="inspector" pt="xs">
            <FigureTable
              label="Dispute figures per inspector"
              first="Inspector"
              rows={byInspector.map((l) => ({ key: `${l.inspectorId}:${l.inspector}`, name: l.inspector, line: l }))}
            />
          </Tabs.Panel>
          <Tabs.Panel value="criterion" pt="xs">
            <FigureTable
              label="Dispute figures per criterion"
              first="Criterion"
              rows={byCriterion.map((l) => ({
                key: `${l.scorecardId}:${l.criterion}`,
                name: l.name,
                note: manyScorecards ? l.scorecard : undefined,
                line: l,
              }))}
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-label="Dispute figures">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Stack gap={0}>
            <Title order={2} size="h4">
              Dispute figures
            </Title>
            <Text size="xs" c="dimmed">
              Criteria by final outcome (the admin&apos;s decision, else the inspector&apos;s answer); rejected = kept.
            </Text>
          </Stack>
          <Group gap="sm">
            <DateField
              label="Raised from"
              size="xs"
              w={150}
              value={range.startDate}
              clearLabel="Clear the first day"
              onChange={(startDate) => setRange({ ...range, startDate })}
            />
            <DateField
              label="to"
              size="xs"
              w={150}
              value={range.endDate}
              clearLabel="Clear the last day"
              onChange={(endDate) => setRange({ ...range, endDate })}
            />
          </Group>
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
