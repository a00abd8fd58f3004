// The queue's progress: per agent and day of the week, QC records of that day's calls against the target; per
// inspector, QC records made (whatever the call's date) on the day and in its week. Both follow the screen's campaign
// and date; each table says which it counts, and the tables take the height left on a 1366×768 screen.
import { Badge, Grid, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { fetchProgress, progressKey } from './api.ts';
import type { TQueueFilters } from './queue-params.ts';

/** The window's height less the top bar, title, tabs, the card's title and note and its padding. */
const TABLE_HEIGHT = 'max(200px, calc(100dvh - 300px))';

/** The inspectors' day column: "Today" when no date is filtered on (the server then answers for its today), else the day. */
export const dayColumnLabel = (filters: TQueueFilters, date: string) => (filters.date === '' ? 'Today' : date);

export function ProgressView({ filters }: { filters: TQueueFilters }) {
  const progress = useQuery({ queryKey: progressKey(filters), queryFn: () => fetchProgress(filters), refetchInterval: 60_000 });
  if (progress.isPending) return <LoadingRow />;
  if (progress.isError) return <RetryAlert title="The progress could not be loaded" message={progress.error.message} onRetry={() => void progress.refetch()} />;
  const { agentDays, inspectors, date, weekStart } = progress.data;
  return (
    <Grid gap="md">
      <Grid.Col span={7}>
        <Paper withBorder p="md" radius="md" component="section" aria-label="Progress per agent and day">
          <Stack gap="xs">
            <Title order={2} size="h4">
              Per agent and day ({weekStart} to {date})
            </Title>
            <Text size="xs" c="dimmed">
              QC records of the agent’s calls of that day, against the campaign’s target.
            </Text>
            <ScrollArea.Autosize mah={TABLE_HEIGHT}>
              <Table striped fz="sm" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Campaign</Table.Th>
                    <Table.Th>Agent</Table.Th>
                    <Table.Th>Scored / target</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {agentDays.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={4}>
                        <Text c="dimmed" ta="center" size="sm">
                          No recorded calls this week
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {agentDays.map((d) => (
                    <Table.Tr key={`${d.callDate}-${d.campaignName}-${d.agentId}`}>
                      <Table.Td>{d.callDate}</Table.Td>
                      <Table.Td>{d.campaignName}</Table.Td>
                      <Table.Td>
                        {d.agentName} ({d.agentId})
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={d.scored >= d.target ? 'green' : 'gray'} tt="none">
                          {d.scored} / {d.target}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={5}>
        <Paper withBorder p="md" radius="md" component="section" aria-label="Progress per inspector">
          <Stack gap="xs">
            <Title order={2} size="h4">
              Per inspector
            </Title>
            <Text size="xs" c="dimmed">
              QC records made that day and that week, whatever the calls’ dates.
            </Text>
            <ScrollArea.Autosize mah={TABLE_HEIGHT}>
              <Table striped fz="sm" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Inspector</Table.Th>
                    <Table.Th>{dayColumnLabel(filters, date)}</Table.Th>
                    <Table.Th>Week</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {inspectors.map((i) => (
                    <Table.Tr key={i.inspectorId}>
                      <Table.Td>{i.inspectorName}</Table.Td>
                      <Table.Td>{i.today}</Table.Td>
                      <Table.Td>{i.week}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
