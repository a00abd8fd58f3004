// The CRM's idle screen (no call on screen): the agent's callbacks (CallbacksPanel.tsx) and own calls to resume (drafts
// and partial calls of today), each one click away, and the last calls saved. Times 24-hour HH:mm:ss on the call centre's
// clock.
import type { ReactNode } from 'react';
import { Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TCallDraft, TMyCalls, TSavedCall } from '@crm/shared';
import { formatTimeOfDay } from '../../app/time-zone.ts';
import { isParkedDraft } from './call-draft.ts';

type Props = {
  calls: TMyCalls | undefined;
  pending: boolean;
  error: string | null;
  /** Opens the call of that lead: a draft resumes with its answers, a partial call where it stopped. */
  onResume: (cellNumber: string, call: { leadId: number; draft?: TCallDraft }) => void;
  disabled: boolean;
};

const timeOf = (iso: string) => formatTimeOfDay(iso, { seconds: true });

function outcomeOf(call: TSavedCall): { label: string; color: string } {
  if (call.isCalled === 1) return { label: 'Completed', color: 'green' };
  if (call.stoppedAt !== null) return { label: `Partial at ${call.stoppedAt}`, color: 'orange' };
  return { label: 'Not completed', color: 'gray' };
}

/** One call to resume: the number on one line, who, where it stopped and when, and Resume. */
function ResumeRow({
  cellNumber,
  who,
  where,
  at,
  onResume,
  disabled,
}: {
  cellNumber: string;
  who: string | null;
  where: string;
  at: string;
  onResume: () => void;
  disabled: boolean;
}) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{cellNumber}</Table.Td>
      <Table.Td>{who ?? '—'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{where}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{at}</Table.Td>
      <Table.Td>
        <Button
          size="compact-sm"
          variant="light"
          onClick={onResume}
          disabled={disabled}
          aria-label={`Resume ${cellNumber}`}
        >
          Resume
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function CallsToResume({
  calls,
  onResume,
  disabled,
}: {
  calls: TMyCalls;
  onResume: Props['onResume'];
  disabled: boolean;
}) {
  const empty = calls.drafts.length === 0 && calls.partialCalls.length === 0;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="calls-to-resume">
      <Stack gap={6}>
        <Title order={2} size="h5" id="calls-to-resume">
          Calls to resume (today)
        </Title>
        {empty ? (
          <Text size="sm" c="dimmed">
            No call of yours is waiting: calls left unfinished and partial calls of today show here.
          </Text>
        ) : (
          <Table verticalSpacing={4} horizontalSpacing={6} fz="sm" aria-labelledby="calls-to-resume">
            <Table.Tbody>
              {calls.drafts.map((d) => (
                <ResumeRow
                  key={`d${d.leadId}`}
                  cellNumber={d.cellNumber}
                  who={d.respondentName}
                  // A Partial Call's draft keeps the text typed at its question: still a partial call to the agent.
                  where={`${isParkedDraft(d, calls.recentCalls) ? 'Partial' : 'In progress'} at ${d.currentQno}`}
                  at={timeOf(d.updatedAt)}
                  onResume={() => onResume(d.cellNumber, { leadId: d.leadId, draft: d })}
                  disabled={disabled}
                />
              ))}
              {calls.partialCalls.map((p) => (
                <ResumeRow
                  key={`p${p.leadId}`}
                  cellNumber={p.cellNumber}
                  who={p.respondentName}
                  where={`Partial at ${p.stoppedAt ?? '—'}`}
                  at={timeOf(p.savedAt)}
                  onResume={() => onResume(p.cellNumber, { leadId: p.leadId })}
                  disabled={disabled}
                />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

function RecentCalls({ calls }: { calls: TSavedCall[] }) {
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="recent-calls">
      <Stack gap={6}>
        <Title order={2} size="h5" id="recent-calls">
          Your last calls saved
        </Title>
        {calls.length === 0 ? (
          <Text size="sm" c="dimmed">
            None yet.
          </Text>
        ) : (
          <Table verticalSpacing={4} horizontalSpacing={6} fz="sm" aria-labelledby="recent-calls">
            <Table.Tbody>
              {calls.map((c, i) => {
                const outcome = outcomeOf(c);
                return (
                  <Table.Tr key={`${c.leadId}:${i}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {timeOf(c.savedAt)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {c.cellNumber}
                    </Table.Td>
                    <Table.Td>{c.respondentName ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={outcome.color} tt="none" style={{ whiteSpace: 'nowrap' }}>
                        {outcome.label}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

/** The idle screen's grid: `first` (the callbacks) and the calls to resume on the left, the last calls saved on the right. */
export function MyCallsPanel({ calls, pending, error, onResume, disabled, first }: Props & { first: ReactNode }) {
  if (pending || calls === undefined) {
    return (
      <Stack gap="sm">
        {first}
        {pending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Loading your calls…
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Your calls of today could not be listed{error === null ? '' : `: ${error}`}. Searching a number works as
            usual.
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
      <Stack gap="sm">
        {first}
        <CallsToResume calls={calls} onResume={onResume} disabled={disabled} />
      </Stack>
      <RecentCalls calls={calls.recentCalls} />
    </SimpleGrid>
  );
}
