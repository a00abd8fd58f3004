// The queue's progress: per agent and day of the week, QC records of that day's calls against the target; per
// inspector, QC records made (whatever the call's date) on the day and in its week. Both follow the screen's campaign
// and date; each table says which it counts, and the tables take the height left on a 1366×768 screen.
import { Badge, Grid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TQcQueueProgress } from '@crm/shared';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { fetchProgress, progressKey } from './api.ts';
import { ProgressTable, type TProgressColumn } from './ProgressTable.tsx';
import type { TQueueFilters } from './queue-params.ts';

type TAgentDay = TQcQueueProgress['agentDays'][number];
type TInspector = TQcQueueProgress['inspectors'][number];

const AGENT_DAY_COLUMNS: readonly TProgressColumn<TAgentDay>[] = [
  { header: 'Date', cell: (d) => d.callDate },
  { header: 'Campaign', cell: (d) => d.campaignName },
  { header: 'Agent', cell: (d) => `${d.agentName} (${d.agentId})` },
  {
    header: 'Scored / target',
    cell: (d) => (
      <Badge variant="light" color={d.scored >= d.target ? 'green' : 'gray'} tt="none">
        {d.scored} / {d.target}
      </Badge>
    ),
  },
];

/** The inspectors' day column: "Today" when no date is filtered on (the server then answers for its today), else the day. */
export const dayColumnLabel = (filters: TQueueFilters, date: string) => (filters.date === '' ? 'Today' : date);

export function ProgressView({ filters }: { filters: TQueueFilters }) {
  const progress = useQuery({
    queryKey: progressKey(filters),
    queryFn: () => fetchProgress(filters),
    refetchInterval: 60_000,
  });
  if (progress.isPending) return <LoadingRow />;
  if (progress.isError)
    return (
      <RetryAlert
        title="The progress could not be loaded"
        message={progress.error.message}
        onRetry={() => void progress.refetch()}
      />
    );
  const { agentDays, inspectors, date, weekStart } = progress.data;
  // The inspectors' day column is named for the day it counts, so its header follows the answer.
  const inspectorColumns: readonly TProgressColumn<TInspector>[] = [
    { header: 'Inspector', cell: (i) => i.inspectorName },
    { header: dayColumnLabel(filters, date), cell: (i) => i.today },
    { header: 'Week', cell: (i) => i.week },
  ];
  return (
    <Grid gap="md">
      <Grid.Col span={7}>
        <ProgressTable
          label="Progress per agent and day"
          title={`Per agent and day (${weekStart} to ${date})`}
          note="QC records of the agent’s calls of that day, against the campaign’s target."
          columns={AGENT_DAY_COLUMNS}
          rows={agentDays}
          rowKey={(d) => `${d.callDate}-${d.campaignName}-${d.agentId}`}
          emptyText="No recorded calls this week"
        />
      </Grid.Col>
      <Grid.Col span={5}>
        <ProgressTable
          label="Progress per inspector"
          title="Per inspector"
          note="QC records made that day and that week, whatever the calls’ dates."
          columns={inspectorColumns}
          rows={inspectors}
          rowKey={(i) => i.inspectorId}
        />
      </Grid.Col>
    </Grid>
  );
}
