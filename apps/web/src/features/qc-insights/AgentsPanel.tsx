// Per agent: the table of records, mean, grade and the three weakest criteria (a row picks the agent), and beside it
// the picked agent's weekly mean total as a line against the grade bands, with its weeks as a table.
import { useState } from 'react';
import { Button, Grid, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import type { TAgentInsight } from '@crm/shared';
import { GRADE_COLORS, GRADE_LINES, formatMarks, trendDomain, weakestText, weekPoints, type TInsightsQueryText } from './insight-data.ts';
import { SectionExport } from './SectionExport.tsx';

/** The grade in its colour, as text: a badge would cut a long grade short in a narrow column. */
function GradeText({ grade }: { grade: TAgentInsight['grade'] }) {
  return (
    <Text span size="sm" fw={600} c={GRADE_COLORS[grade]}>
      {grade}
    </Text>
  );
}

function Trend({ agent }: { agent: TAgentInsight }) {
  const points = weekPoints(agent);
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Weekly trend of {agent.agentName}
      </Text>
      <LineChart
        h={190}
        data={points}
        dataKey="week"
        series={[{ name: 'meanTotal', label: 'Mean total', color: 'indigo.6' }]}
        referenceLines={GRADE_LINES.map((y) => ({ y, color: 'gray.5', label: String(y), labelPosition: 'insideTopRight' }))}
        yAxisProps={{ domain: trendDomain(points) }}
        valueFormatter={formatMarks}
        curveType="linear"
        aria-hidden
      />
      <ScrollArea.Autosize mah={170}>
        <Table striped withTableBorder fz="sm">
          <Table.Caption>Weeks of {agent.agentName}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Week of</Table.Th>
              <Table.Th ta="right">Records</Table.Th>
              <Table.Th ta="right">Mean</Table.Th>
              <Table.Th>Grade</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {agent.weeks.map((w) => (
              <Table.Tr key={w.weekStart}>
                <Table.Td>{w.weekStart}</Table.Td>
                <Table.Td ta="right">{w.records}</Table.Td>
                <Table.Td ta="right">{formatMarks(w.meanTotal)}</Table.Td>
                <Table.Td>
                  <GradeText grade={w.grade} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

export function AgentsPanel({ agents, query }: { agents: TAgentInsight[]; query: TInsightsQueryText }) {
  const [picked, setPicked] = useState<string | null>(null);
  const shown = agents.find((a) => a.agentId === picked) ?? agents[0];
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Mean total and grade per agent; weakest criteria by mean marks lost (best mark − mark given). Pick an agent for its weekly trend.
        </Text>
        <SectionExport query={query} section="agents" label="Export agents" />
      </Group>
      {shown === undefined ? (
        <Text size="sm" role="status">
          No in-house QC records in this range.
        </Text>
      ) : (
        <Grid gap="md">
          <Grid.Col span={7}>
            <ScrollArea.Autosize mah={370}>
              <Table striped highlightOnHover withTableBorder fz="sm">
                <Table.Caption>Agents, {query.startDate} to {query.endDate}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Agent</Table.Th>
                    <Table.Th ta="right">Records</Table.Th>
                    <Table.Th ta="right">Mean</Table.Th>
                    <Table.Th>Grade</Table.Th>
                    <Table.Th>Weakest criteria (marks lost)</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {agents.map((a) => (
                    <Table.Tr key={a.agentId} bg={a.agentId === shown.agentId ? 'var(--mantine-color-indigo-light)' : undefined}>
                      <Table.Td>
                        <Button variant="subtle" size="compact-sm" onClick={() => setPicked(a.agentId)} aria-pressed={a.agentId === shown.agentId} title={a.agentId}>
                          {a.agentName}
                        </Button>
                      </Table.Td>
                      <Table.Td ta="right">{a.records}</Table.Td>
                      <Table.Td ta="right">{formatMarks(a.meanTotal)}</Table.Td>
                      <Table.Td>
                        <GradeText grade={a.grade} />
                      </Table.Td>
                      <Table.Td>{weakestText(a)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Grid.Col>
          <Grid.Col span={5}>
            <Trend agent={shown} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
