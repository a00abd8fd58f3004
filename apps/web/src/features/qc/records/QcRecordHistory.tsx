// The history of a QC record on its edit page (the audit log): who scored, edited, linked a recording or resolved
// the review, when, and each changed field as "field: before → after", oldest first.
import { Alert, Button, Card, Group, Loader, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TAuditEntry } from '@crm/shared';
import { formatDateTimeMinutes } from '../../../app/time-zone.ts';
import { AuditChanges } from '../../../components/AuditChanges.tsx';
import { fetchQcRecordHistory, qcHistoryKey } from './api.ts';

const VERBS: Record<string, string> = {
  create: 'Scored',
  update: 'Edited',
  delete: 'Deleted',
  link: 'Recording linked',
  upload: 'Recording uploaded',
  resolve: 'Review resolved',
};

/** What happened, in words: "Edited", "Review resolved"; an action this screen does not know as it is. */
export function historyTitle(entry: TAuditEntry): string {
  if (entry.objectType === 'review' && entry.action !== 'resolve') return `Review ${entry.action}`;
  return VERBS[entry.action] ?? entry.action;
}

export function QcRecordHistory({ id }: { id: number }) {
  const history = useQuery({ queryKey: qcHistoryKey(id), queryFn: () => fetchQcRecordHistory(id), staleTime: 0 });

  let body;
  if (history.isPending) {
    body = (
      <Group gap="sm">
        <Loader size="xs" />
        <Text size="sm">Loading the history…</Text>
      </Group>
    );
  } else if (history.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" title="The history could not be loaded">
        <Group justify="space-between">
          <Text size="sm">{history.error.message}</Text>
          <Button size="xs" color="red" variant="light" onClick={() => void history.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  } else if (history.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No changes recorded yet.
      </Text>
    );
  } else {
    body = (
      <Timeline bulletSize={14} lineWidth={2} active={history.data.length - 1}>
        {history.data.map((entry) => (
          <Timeline.Item key={entry.id} title={historyTitle(entry)}>
            <Text size="xs" c="dimmed" mb={4}>
              {`${formatDateTimeMinutes(entry.at)} · ${entry.actorUsername} (${entry.actorRole})`}
            </Text>
            <AuditChanges changes={entry.changes} />
          </Timeline.Item>
        ))}
      </Timeline>
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-label="History">
      <Title order={2} size="h4" mb="sm">
        History
      </Title>
      {body}
    </Card>
  );
}
