// The Scorecards screen's left side: every scorecard with its versions (state, campaigns using it, QC records), New
// scorecard, Import, and per version Open, Edit new version, Copy, Export, Publish (drafts) and Retire (published).
import { useRef } from 'react';
import { Badge, Button, FileButton, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TScorecardList, TScorecardVersionSummary } from '@crm/shared';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { SCORECARD_LIST_KEY, fetchScorecards } from './api.ts';
import { STATE_COLOURS, usedByText, versionActions } from './scorecard-versions.ts';
import type { TScorecardActions } from './use-scorecard-actions.tsx';

type Props = {
  selectedId: number | null;
  onOpen: (id: number) => void;
  onNew: () => void;
  actions: TScorecardActions;
};

type TCard = TScorecardList['scorecards'][number];

function VersionRow({
  card,
  v,
  selected,
  onOpen,
  actions,
}: {
  card: TCard;
  v: TScorecardVersionSummary;
  selected: boolean;
  onOpen: (id: number) => void;
  actions: TScorecardActions;
}) {
  const ref = { id: v.id, name: v.name, version: v.version };
  const can = versionActions(v, card.builtIn);
  const busy = actions.busy !== null;
  return (
    <Paper
      withBorder
      p={6}
      radius="sm"
      bg={selected ? 'blue.0' : undefined}
      role="listitem"
      aria-label={`${v.name} version ${v.version}`}
      aria-current={selected ? 'true' : undefined}
    >
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            v{v.version}
          </Text>
          <Badge size="sm" color={STATE_COLOURS[v.state]} variant="light">
            {v.state}
          </Badge>
          <Text size="xs" c="dimmed" truncate>
            {v.criteria} criteria · {v.scoringMode} · {v.records} records
          </Text>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mt={2} title={usedByText(v.usedBy)}>
        {usedByText(v.usedBy, 3)}
      </Text>
      <Group gap={4} mt={4}>
        <Button size="compact-xs" variant={selected ? 'filled' : 'light'} onClick={() => onOpen(v.id)}>
          Open
        </Button>
        {can.newVersion && (
          <Button size="compact-xs" variant="default" disabled={busy} onClick={() => void actions.editNewVersion(ref)}>
            Edit new version
          </Button>
        )}
        <Button size="compact-xs" variant="default" disabled={busy} onClick={() => void actions.copy(ref)}>
          Copy
        </Button>
        <Button size="compact-xs" variant="default" disabled={busy} onClick={() => void actions.exportVersion(ref)}>
          Export
        </Button>
        {can.publish && (
          <Button
            size="compact-xs"
            variant="light"
            color="green"
            disabled={busy}
            onClick={() => void actions.publish(ref)}
          >
            Publish
          </Button>
        )}
        {can.retire && (
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            disabled={busy}
            onClick={() => void actions.retire(ref)}
          >
            Retire
          </Button>
        )}
      </Group>
    </Paper>
  );
}

export function ScorecardList({ selectedId, onOpen, onNew, actions }: Props) {
  const resetImport = useRef<() => void>(null);
  const list = useQuery({ queryKey: SCORECARD_LIST_KEY, queryFn: fetchScorecards, staleTime: 0 });
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Scorecard list" h="100%">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            Scorecards
          </Title>
          <Group gap={6}>
            <Button size="xs" onClick={onNew}>
              New scorecard
            </Button>
            <FileButton
              resetRef={resetImport}
              accept="application/json,.json"
              onChange={(file) => {
                // The same file may be chosen again after a fix.
                resetImport.current?.();
                if (file !== null) void actions.importFile(file);
              }}
            >
              {(props) => (
                <Button {...props} size="xs" variant="default" loading={actions.busy === 'import'}>
                  Import
                </Button>
              )}
            </FileButton>
          </Group>
        </Group>
        <ScrollArea style={{ flex: 1 }} offsetScrollbars type="auto">
          {list.isPending && <LoadingRow />}
          {list.isError && (
            <RetryAlert
              title="The scorecards could not be loaded"
              message={list.error.message}
              onRetry={() => void list.refetch()}
            />
          )}
          <Stack gap="sm">
            {list.data?.scorecards.map((card) => (
              <Stack key={card.scorecardId} gap={4}>
                <Group gap={6}>
                  <Text fw={700} size="sm">
                    {card.name}
                  </Text>
                  {card.builtIn && (
                    <Badge size="xs" variant="outline" color="gray">
                      built-in
                    </Badge>
                  )}
                </Group>
                <Stack gap={4} role="list" aria-label={`Versions of ${card.name}`}>
                  {card.versions.map((v) => (
                    <VersionRow
                      key={v.id}
                      card={card}
                      v={v}
                      selected={v.id === selectedId}
                      onOpen={onOpen}
                      actions={actions}
                    />
                  ))}
                </Stack>
              </Stack>
            ))}
          </Stack>
        </ScrollArea>
      </Stack>
    </Paper>
  );
}
