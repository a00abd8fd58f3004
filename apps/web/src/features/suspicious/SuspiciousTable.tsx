// The day's flagged completes: time, agent, lead (its calls open under the row), the reasons as chips with words,
// handle time, the recording (played in place) and the QC panel's link. The chosen row (↑ ↓) is marked; Enter opens it
// on the QC panel. Rows are compact so 12 of them fit under the filters at 1366×768.
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, ScrollArea, Table, Text } from '@mantine/core';
import { SUSPICIOUS_REASON_WORDS, type TSuspiciousCall, type TSuspiciousReason } from '@crm/shared';
import { formatTimeOfDay } from '../../app/time-zone.ts';
import { LeadAttempts } from '../../components/LeadAttempts.tsx';
import { RecordingPlayer } from '../../components/recording/RecordingPlayer.tsx';
import { handleText, qcPanelAddress } from './suspicious-params.ts';

const REASON_COLORS: Record<TSuspiciousReason, string> = {
  short: 'orange',
  noRecording: 'red',
  repeatedAnswers: 'grape',
  overHourlyLimit: 'yellow',
};

/** The chip's hover text: the figure it was judged by. */
function reasonTitle(call: TSuspiciousCall, reason: TSuspiciousReason): string {
  switch (reason) {
    case 'short':
      return `${call.handleSeconds} s, under the minimum of ${call.minHandleSeconds} s`;
    case 'noRecording':
      return 'No recording of this number on this day, though the day is indexed';
    case 'repeatedAnswers':
      return `The same answers as the agent's previous complete (call ${call.repeatsAttemptId ?? ''})`;
    case 'overHourlyLimit':
      return `${call.completesInHour} completes in the 60 minutes up to this one; the limit is ${call.hourlyLimit}`;
  }
}

export function ReasonChips({ call }: { call: TSuspiciousCall }) {
  return (
    <Group gap={4} wrap="nowrap">
      {call.reasons.map((reason) => (
        <Badge
          key={reason}
          size="sm"
          variant="light"
          tt="none"
          color={REASON_COLORS[reason]}
          title={reasonTitle(call, reason)}
          style={{ flexShrink: 0 }}
        >
          {SUSPICIOUS_REASON_WORDS[reason]}
        </Badge>
      ))}
    </Group>
  );
}

type Props = {
  calls: TSuspiciousCall[];
  day: string;
  placeholder: ReactNode;
  maxHeight: string;
  selected: number;
  onSelect: (index: number) => void;
  /** The row whose lead's calls or recording are open under it. */
  open: { attemptId: number; what: 'lead' | 'recording' } | null;
  onOpen: (open: { attemptId: number; what: 'lead' | 'recording' } | null) => void;
};

export function SuspiciousTable({ calls, day, placeholder, maxHeight, selected, onSelect, open, onOpen }: Props) {
  const toggle = (attemptId: number, what: 'lead' | 'recording') =>
    onOpen(open?.attemptId === attemptId && open.what === what ? null : { attemptId, what });
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto">
      <Table
        fz="sm"
        verticalSpacing={5}
        horizontalSpacing={6}
        stickyHeader
        highlightOnHover
        aria-label="Suspicious completes"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Agent</Table.Th>
            <Table.Th>Campaign</Table.Th>
            <Table.Th>Lead</Table.Th>
            <Table.Th>Reasons</Table.Th>
            <Table.Th ta="right">Handle</Table.Th>
            <Table.Th>Recording</Table.Th>
            <Table.Th>QC</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {placeholder !== null && (
            <Table.Tr>
              <Table.Td colSpan={8}>{placeholder}</Table.Td>
            </Table.Tr>
          )}
          {calls.map((call, index) => (
            <Fragment key={call.attemptId}>
              <Table.Tr
                aria-selected={index === selected}
                data-selected={index === selected || undefined}
                bg={index === selected ? 'var(--mantine-primary-color-light)' : undefined}
                onClick={() => onSelect(index)}
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTimeOfDay(call.endedAt, { seconds: true })}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={1} title={call.agentName}>
                    {call.agentName} ({call.agentId})
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={1}>
                    {call.campaignName}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => toggle(call.attemptId, 'lead')}
                    aria-expanded={open?.attemptId === call.attemptId && open.what === 'lead'}
                    aria-label={`The calls of lead ${call.leadId} (${call.cellNumber})`}
                  >
                    {call.cellNumber}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <ReasonChips call={call} />
                </Table.Td>
                <Table.Td ta="right">{handleText(call.handleSeconds)}</Table.Td>
                <Table.Td>
                  {call.recordingFileName === null ? (
                    <Text size="sm" c="dimmed">
                      None
                    </Text>
                  ) : (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => toggle(call.attemptId, 'recording')}
                      aria-expanded={open?.attemptId === call.attemptId && open.what === 'recording'}
                      aria-label={`Play the recording of ${call.cellNumber}`}
                    >
                      Play
                    </Button>
                  )}
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={qcPanelAddress(call, day)} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    QC panel
                  </Anchor>
                </Table.Td>
              </Table.Tr>
              {open?.attemptId === call.attemptId && (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    {open.what === 'lead' ? (
                      <LeadAttempts leadId={call.leadId} label={`Calls of ${call.cellNumber}`} revealOnLoad />
                    ) : call.recordingFileName !== null ? (
                      <RecordingPlayer
                        date={day}
                        fileName={call.recordingFileName}
                        label={`Recording of ${call.cellNumber}`}
                        compact
                        autoPlay
                      />
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
