// A lead's call attempts, newest first (docs/guide/call-loop.md): who called, when, how long, how it ended and the dialer's
// call; the lead browser opens it under a lead's row, the QC panel's lead card shows it beside the answer history.
import { useEffect, useRef } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TCallAttempt } from '@crm/shared';
import { formatDateTime, formatTimeOfDay } from '../app/time-zone.ts';
import {
  DISPOSITION_KIND_COLORS,
  DISPOSITION_KIND_LABELS,
  agentText,
  dispositionText,
  fetchLeadAttempts,
  handleTimeText,
  leadAttemptsKey,
} from './lead-attempts.ts';

type Props = {
  leadId: number;
  /** The lead's version as shown: a new one (a save) reads the attempts again. */
  version?: number;
  /** Narrow (the QC panel's left column): start and agent share a cell, the dialer's call under the disposition. */
  compact?: boolean;
  /** The section's name, e.g. "Calls of 01711000001". */
  label?: string;
  /** Scroll the list into view once it is read (opened under a row near the bottom of the window). */
  revealOnLoad?: boolean;
};

function Disposition({ attempt }: { attempt: TCallAttempt }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge
        size="xs"
        variant="light"
        tt="none"
        color={DISPOSITION_KIND_COLORS[attempt.dispositionKind]}
        style={{ flexShrink: 0 }}
      >
        {DISPOSITION_KIND_LABELS[attempt.dispositionKind]}
      </Badge>
      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
        {dispositionText(attempt)}
      </Text>
    </Group>
  );
}

function DialerCall({ attempt }: { attempt: TCallAttempt }) {
  if (attempt.dialerCallId === null)
    return (
      <Text size="xs" c="dimmed">
        typed number
      </Text>
    );
  return (
    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
      {attempt.dialerCallId}
      {attempt.dialerStatus !== null && (
        <Text span size="xs" c="dimmed">
          {' '}
          · VICIdial: {attempt.dialerStatus}
        </Text>
      )}
    </Text>
  );
}

function WideTable({ attempts }: { attempts: TCallAttempt[] }) {
  return (
    <Table verticalSpacing={4} horizontalSpacing={8} striped withTableBorder aria-label="Call attempts">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Started</Table.Th>
          <Table.Th>Ended</Table.Th>
          <Table.Th>Handle time</Table.Th>
          <Table.Th>Agent</Table.Th>
          <Table.Th>Disposition</Table.Th>
          <Table.Th>Dialer call</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {attempts.map((a) => (
          <Table.Tr key={a.id}>
            <Table.Td fz="xs" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(a.startedAt)}
            </Table.Td>
            <Table.Td fz="xs" style={{ whiteSpace: 'nowrap' }}>
              {formatTimeOfDay(a.endedAt, { seconds: true })}
            </Table.Td>
            <Table.Td fz="xs">{handleTimeText(a.handleSeconds)}</Table.Td>
            <Table.Td fz="xs">{agentText(a)}</Table.Td>
            <Table.Td>
              <Disposition attempt={a} />
            </Table.Td>
            <Table.Td>
              <DialerCall attempt={a} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function CompactTable({ attempts }: { attempts: TCallAttempt[] }) {
  return (
    <Table verticalSpacing={4} horizontalSpacing={6} striped aria-label="Call attempts">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={130}>Started, agent</Table.Th>
          <Table.Th w={56}>Handle</Table.Th>
          <Table.Th>Disposition, dialer call</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {attempts.map((a) => (
          <Table.Tr key={a.id}>
            <Table.Td>
              <Text size="xs">{formatDateTime(a.startedAt)}</Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {agentText(a)}
              </Text>
            </Table.Td>
            <Table.Td fz="xs">{handleTimeText(a.handleSeconds)}</Table.Td>
            <Table.Td>
              <Disposition attempt={a} />
              <DialerCall attempt={a} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One line of the newest attempt: 'Last: Not interested (NI) by AG-1001 at 2026-11-18 10:02:11'. */
export function lastAttemptText(attempts: readonly TCallAttempt[]): string {
  const last = attempts[0];
  if (last === undefined) return 'Not called yet';
  return `Last: ${dispositionText(last)} by ${agentText(last)} at ${formatDateTime(last.endedAt)}`;
}

export function LeadAttempts({
  leadId,
  version,
  compact = false,
  label = 'Call attempts',
  revealOnLoad = false,
}: Props) {
  const attempts = useQuery({
    queryKey: leadAttemptsKey(leadId, version),
    queryFn: () => fetchLeadAttempts(leadId),
    staleTime: 0,
  });
  const list = attempts.data ?? [];
  const section = useRef<HTMLDivElement>(null);
  const settled = attempts.isSuccess || attempts.isError;
  useEffect(() => {
    // A block body: Chromium's scrollIntoView may return a promise, which React would take for a cleanup.
    if (revealOnLoad && settled) void section.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [revealOnLoad, settled]);
  return (
    <Stack ref={section} gap={6} component="section" aria-label={label} style={{ scrollMarginBlock: 12 }}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5">
          {attempts.isSuccess ? `Calls: ${list.length}` : 'Calls'}
        </Title>
        {attempts.isFetching && <Loader size="xs" aria-label="Loading the call attempts" />}
      </Group>
      {attempts.isError ? (
        <Alert color="red" variant="light" p="xs" title="The call attempts could not be loaded" role="alert">
          <Group gap="xs">
            <Text size="sm">{attempts.error.message}</Text>
            <Button size="compact-sm" variant="light" onClick={() => void attempts.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : attempts.isPending ? (
        <Text size="sm" c="dimmed">
          Loading the call attempts…
        </Text>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No call of this lead has ended yet.
        </Text>
      ) : (
        <>
          <Text size="sm">{lastAttemptText(list)}</Text>
          {compact ? <CompactTable attempts={list} /> : <WideTable attempts={list} />}
        </>
      )}
    </Stack>
  );
}
