// What-if: a campaign's QC records of a period (last calendar month unless changed) scored again under this version,
// criteria matched by key; how the average total, pass rate and grades would move, and the records that move most.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ZScorecardWhatIfRequest, type TScorecardWhatIf } from '@crm/shared';
import { dayText } from '../../app/time-zone.ts';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { DateField } from '../../components/DateField.tsx';
import { runWhatIf } from './api.ts';
import { beforeAfter, gradeRows, lastCalendarMonth, rateBeforeAfter } from './scorecard-versions.ts';

export const NOTHING_STORED = 'Nothing is stored: the records keep their own scorecard, totals and grades.';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} aria-label={label}>
        {value}
      </Text>
    </Paper>
  );
}

function WhatIfResult({ result }: { result: TScorecardWhatIf }) {
  const unmapped = result.criteria.filter((c) => c.mapped === 0);
  return (
    <Stack gap="sm" aria-label="What-if result" component="section">
      <SimpleGrid cols={3} spacing="xs">
        <Figure label="Records" value={String(result.records)} />
        <Figure label="Average total" value={beforeAfter(result.before.averageTotal, result.after.averageTotal)} />
        <Figure label="Pass rate" value={rateBeforeAfter(result.before.passRate, result.after.passRate)} />
      </SimpleGrid>
      {result.records > 0 && unmapped.length > 0 && (
        <Text size="xs" c="dimmed">
          Not found in these records (scored at their best, or N/A where allowed):{' '}
          {unmapped.map((c) => `${c.name} (${c.key})`).join(', ')}
        </Text>
      )}
      <Table withTableBorder striped aria-label="Grades before and after" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Grade</Table.Th>
            <Table.Th ta="right">Before</Table.Th>
            <Table.Th ta="right">After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {gradeRows(result.before.grades, result.after.grades).map((g) => (
            <Table.Tr key={g.name}>
              <Table.Td>{g.name}</Table.Td>
              <Table.Td ta="right">{g.before}</Table.Td>
              <Table.Td ta="right">{g.after}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h5">
        Records whose grade moves {result.moves.length > 0 ? `(largest first, ${result.moves.length} shown)` : ''}
      </Title>
      {result.moves.length === 0 ? (
        <Text size="sm">No record changes grade.</Text>
      ) : (
        <Table withTableBorder striped aria-label="Moves" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Record</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Agent</Table.Th>
              <Table.Th>Call date</Table.Th>
              <Table.Th>Before</Table.Th>
              <Table.Th>After</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.moves.map((m) => (
              <Table.Tr key={`${m.kind}-${m.recordId}`}>
                <Table.Td>#{m.recordId}</Table.Td>
                <Table.Td>{m.kind}</Table.Td>
                <Table.Td>{m.agentId}</Table.Td>
                <Table.Td>{m.callDate}</Table.Td>
                <Table.Td>
                  {m.before.total} · {m.before.grade}
                </Table.Td>
                <Table.Td>
                  {m.after.total} · {m.after.grade}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

type Props = {
  versionId: number;
  /** The builder holds changes not saved yet: what-if runs on the saved version. */
  unsaved: boolean;
};

export function WhatIfPanel({ versionId, unsaved }: Props) {
  const [period] = useState(() => lastCalendarMonth(dayText()));
  const [campaignName, setCampaignName] = useState('');
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (body: { campaignName: string; from: string; to: string }) => runWhatIf(versionId, body),
  });
  const run = () => {
    const request = ZScorecardWhatIfRequest.safeParse({ campaignName, from, to });
    if (!request.success) {
      setProblem(request.error.issues.map((i) => i.message).join('; '));
      return;
    }
    setProblem(null);
    mutation.mutate(request.data);
  };
  return (
    <Stack gap="sm">
      <Alert color="blue" variant="light" p="xs">
        <Text size="sm">
          Scores a campaign&apos;s QC records of a period again under this version (criteria matched by key) and shows
          how they would move. {NOTHING_STORED}
        </Text>
        {unsaved && (
          <Text size="sm" fw={600} mt={4}>
            It runs on the saved version: save first to include your latest changes.
          </Text>
        )}
      </Alert>
      <Group align="flex-end" gap="sm">
        <CampaignSelect value={campaignName} onChange={setCampaignName} w={220} />
        <DateField label="From" value={from} onChange={setFrom} w={140} />
        <DateField label="To" value={to} onChange={setTo} w={140} />
        <Button onClick={run} loading={mutation.isPending}>
          Run what-if
        </Button>
      </Group>
      {problem !== null && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {mutation.isError && (
        <Alert color="red" role="alert" title="What-if could not run">
          {mutation.error.message}
        </Alert>
      )}
      {mutation.data !== undefined && !mutation.isPending && (
        <>
          <Group gap="xs">
            <Badge variant="light" tt="none">
              {mutation.data.campaignName}
            </Badge>
            <Text size="sm">
              {mutation.data.from} to {mutation.data.to}
            </Text>
          </Group>
          <WhatIfResult result={mutation.data} />
        </>
      )}
    </Stack>
  );
}
