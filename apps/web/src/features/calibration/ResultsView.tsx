// A closed session's results (an admin's at any time): each call's marks side by side with the spread, the agreement
// per criterion, each inspector's lean from the consensus, the expert marks (admins record them) and, for an
// inspector, where its marks differed from them.
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CALIBRATION_MESSAGES,
  STANDARD_SCORECARD_ID,
  type TCalibrationResultCall,
  type TCalibrationResults,
  type TQcScores,
} from '@crm/shared';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { CALIBRATION_KEY, fetchResults, resultsKey, saveExpert } from './api.ts';
import { RecordingPlayer } from '../../components/recording/RecordingPlayer.tsx';
import { CalibrationScorecard } from './CalibrationScorecard.tsx';
import { ExpertScorecardModal } from './ExpertScorecardModal.tsx';
import {
  alphaReading,
  criterionName,
  expertMisses,
  formatAlpha,
  formatLean,
  formatShare,
  leansByCriterion,
  totalsSummary,
} from './results-format.ts';
import { startingExpertMarks } from './scorecard-marks.ts';

const SPREAD_BG = 'var(--mantine-color-orange-light)';

function ExpertModal({
  sessionId,
  call,
  onClose,
}: {
  sessionId: number;
  call: TCalibrationResultCall;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [marks, setMarks] = useState<TQcScores>(() => startingExpertMarks(call));
  const save = useMutation({
    mutationFn: () => saveExpert(sessionId, call.id, marks),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: CALIBRATION_MESSAGES.expertSaved });
      onClose();
      await queryClient.invalidateQueries({ queryKey: CALIBRATION_KEY });
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Expert marks: ${call.consumerNumber} (${call.callDate})`} size={760}>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          Starts from the marks recorded, else the inspectors&apos; consensus (the median, on the scale).
        </Text>
        <CalibrationScorecard
          label="Expert"
          values={marks}
          onChange={(key, v) => setMarks((m) => ({ ...m, [key]: v }))}
          disabled={save.isPending}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            Save expert marks
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CallMarks({ results, admin, myColumn }: { results: TCalibrationResults; admin: boolean; myColumn: number }) {
  const [selected, setSelected] = useState(String(results.calls[0]?.id ?? ''));
  const [expertFor, setExpertFor] = useState<TCalibrationResultCall | null>(null);
  const call = results.calls.find((c) => String(c.id) === selected) ?? results.calls[0];
  if (!call) return <Text>No calls.</Text>;
  const misses = myColumn >= 0 ? new Set(expertMisses(call, myColumn)) : new Set<string>();
  const totals = totalsSummary(call.totals);
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <SegmentedControl
          size="xs"
          value={String(call.id)}
          onChange={setSelected}
          data={results.calls.map((c, i) => ({ value: String(c.id), label: `Call ${i + 1}` }))}
          aria-label="Call"
        />
        <Text fz="sm">
          {call.campaignName} · {call.consumerNumber} · {call.callDate} ·{' '}
          <span data-testid="call-scorecard">
            {call.scorecardRef.name} v{call.scorecardRef.version}
          </span>
        </Text>
        {admin && (
          <Button size="xs" onClick={() => setExpertFor(call)}>
            {call.expertTotal === null ? 'Record expert marks' : 'Change expert marks'}
          </Button>
        )}
      </Group>
      {call.fileName === null ? (
        <Text fz="sm" c="dimmed">
          No recording was chosen for this call: find it on the voice log ({call.callDate}).
        </Text>
      ) : (
        <RecordingPlayer date={call.callDate} fileName={call.fileName} />
      )}
      <ScrollArea.Autosize mah={420}>
        <Table
          striped={false}
          withTableBorder
          withColumnBorders
          fz="xs"
          verticalSpacing={2}
          aria-label="Marks side by side"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Criterion</Table.Th>
              {results.inspectors.map((i) => (
                <Table.Th key={i.id}>{i.name}</Table.Th>
              ))}
              <Table.Th>Median</Table.Th>
              <Table.Th>Spread</Table.Th>
              <Table.Th>Expert</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {call.rows.map((r, row) => (
              <Table.Tr
                key={r.key}
                data-criterion={r.key}
                data-spread={r.spread ?? ''}
                style={r.spread ? { background: SPREAD_BG } : undefined}
              >
                <Table.Th scope="row">{criterionName(r.key, results.criterionNames)}</Table.Th>
                {r.marks.map((m, i) => {
                  const missed = i === myColumn && misses.has(r.key);
                  return (
                    <Table.Td
                      key={i}
                      data-expert-miss={missed || undefined}
                      style={
                        missed
                          ? { outline: '2px solid var(--mantine-color-red-6)', outlineOffset: -2, fontWeight: 700 }
                          : undefined
                      }
                      title={missed ? `Expert: ${r.expert}` : undefined}
                    >
                      {m ?? (call.answers[row]?.na[i] ? 'N/A' : '—')}
                    </Table.Td>
                  );
                })}
                <Table.Td>{r.median ?? '—'}</Table.Td>
                <Table.Td fw={r.spread ? 700 : undefined}>{r.spread ?? '—'}</Table.Td>
                <Table.Td>{r.expert ?? (call.answers[row]?.expertNa ? 'N/A' : '—')}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr
              data-criterion="total"
              data-spread={totals.spread ?? ''}
              style={totals.spread ? { background: SPREAD_BG } : undefined}
            >
              <Table.Th scope="row">Total</Table.Th>
              {call.totals.map((t, i) => (
                <Table.Td key={i} fw={700}>
                  {t ?? '—'}
                </Table.Td>
              ))}
              <Table.Td fw={700}>{totals.median ?? '—'}</Table.Td>
              <Table.Td fw={700}>{totals.spread ?? '—'}</Table.Td>
              <Table.Td fw={700}>{call.expertTotal ?? '—'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {expertFor &&
        (expertFor.scorecardRef.id === STANDARD_SCORECARD_ID ? (
          <ExpertModal sessionId={results.session.id} call={expertFor} onClose={() => setExpertFor(null)} />
        ) : (
          <ExpertScorecardModal sessionId={results.session.id} call={expertFor} onClose={() => setExpertFor(null)} />
        ))}
    </Stack>
  );
}

function Agreement({ results }: { results: TCalibrationResults }) {
  return (
    <Stack gap="xs">
      <Text fz="sm">
        Overall agreement: <b>{formatShare(results.overallAgreement)}</b> of pairs of marks are equal. Per criterion:
        percent agreement, and Krippendorff&apos;s alpha for ordinal marks (1 = perfect, 0 = no better than chance; 0.80
        reliable, 0.67 tentative).
      </Text>
      <ScrollArea.Autosize mah={440}>
        <Table withTableBorder fz="xs" verticalSpacing={2} aria-label="Agreement per criterion">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Criterion</Table.Th>
              <Table.Th>Percent agreement</Table.Th>
              <Table.Th>Krippendorff&apos;s α (ordinal)</Table.Th>
              <Table.Th>Calls compared</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.criteria.map((c) => {
              const reading = alphaReading(c.alpha);
              return (
                <Table.Tr key={c.key} data-criterion={c.key}>
                  <Table.Th scope="row">{criterionName(c.key, results.criterionNames)}</Table.Th>
                  <Table.Td>{formatShare(c.percentAgreement)}</Table.Td>
                  <Table.Td>
                    {formatAlpha(c.alpha)}{' '}
                    <Badge size="xs" variant="light" color={reading.color}>
                      {reading.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{c.calls}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** Each inspector's lean per criterion, side by side: flagged ones in red. */
function LeansByCriterion({ results }: { results: TCalibrationResults }) {
  return (
    <Table
      withTableBorder
      withColumnBorders
      fz="xs"
      verticalSpacing={1}
      aria-label="Lean per criterion"
      w="auto"
      style={{ flex: '0 0 auto', whiteSpace: 'nowrap' }}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Criterion</Table.Th>
          {results.leans.map((l) => (
            <Table.Th key={l.inspectorId} ta="right">
              {l.name}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {leansByCriterion(
          results.leans,
          results.criterionNames.map((n) => n.key),
        ).map((row) => (
          <Table.Tr key={row.key} data-criterion={row.key}>
            <Table.Th scope="row" fw={500}>
              {criterionName(row.key, results.criterionNames)}
            </Table.Th>
            {row.cells.map((cell, i) => (
              <Table.Td
                key={i}
                ta="right"
                data-flagged={cell.flagged || undefined}
                c={cell.flagged ? 'red' : undefined}
                fw={cell.flagged ? 700 : undefined}
              >
                {formatLean(cell.lean)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Leans({ results, myId }: { results: TCalibrationResults; myId: number | null }) {
  const mine = results.leans.find((l) => l.inspectorId === myId);
  const positionOf = (callId: number) => results.calls.findIndex((c) => c.id === callId) + 1;
  return (
    <Stack gap="xs">
      <Text fz="sm">
        Lean: the mean difference from the consensus (the median mark) per call, flagged beyond ±
        {results.thresholds.total} marks on the total or ±{Math.round(results.thresholds.criterionShare * 100)}% of a
        criterion&apos;s scale.
      </Text>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Table withTableBorder fz="xs" verticalSpacing={2} aria-label="Lean per inspector" style={{ flex: '1 1 0' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Inspector</Table.Th>
              <Table.Th>Calls scored</Table.Th>
              <Table.Th>Lean (total)</Table.Th>
              <Table.Th>Criteria leaning</Table.Th>
              <Table.Th>Differences from expert</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.leans.map((l) => (
              <Table.Tr key={l.inspectorId} data-inspector={l.inspectorId} data-flagged={l.flagged || undefined}>
                <Table.Th scope="row">{l.name}</Table.Th>
                <Table.Td>{l.scored}</Table.Td>
                <Table.Td>
                  {formatLean(l.lean)}{' '}
                  {l.flagged && (
                    <Badge size="xs" color="red">
                      {(l.lean ?? 0) > 0 ? 'lenient' : 'strict'}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {l.criteria
                    .filter((c) => c.flagged)
                    .map((c) => `${criterionName(c.key, results.criterionNames)} ${formatLean(c.lean)}`)
                    .join(', ') || '—'}
                </Table.Td>
                <Table.Td>{l.expertDifferences.length}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <LeansByCriterion results={results} />
      </Group>
      {mine && (
        <Alert
          color={mine.expertDifferences.length === 0 ? 'green' : 'orange'}
          variant="light"
          title="Where you differed from the expert marks"
          aria-label="Your differences from the expert marks"
        >
          {mine.expertDifferences.length === 0 ? (
            <Text fz="sm">
              {results.calls.some((c) => c.expertTotal !== null)
                ? 'Nowhere: your marks match the expert marks recorded.'
                : 'No expert marks are recorded yet.'}
            </Text>
          ) : (
            <Text fz="sm">
              {mine.expertDifferences
                .map(
                  (d) =>
                    `Call ${positionOf(d.callId)} ${criterionName(d.key, results.criterionNames)}: you ${d.marks}, expert ${d.expert}`,
                )
                .join('; ')}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}

export function ResultsView({ sessionId, admin, myId }: { sessionId: number; admin: boolean; myId: number | null }) {
  const results = useQuery({ queryKey: resultsKey(sessionId), queryFn: () => fetchResults(sessionId) });
  if (results.isPending) return <LoadingRow />;
  if (results.isError)
    return (
      <RetryAlert
        title="The results could not be loaded"
        message={results.error.message}
        onRetry={() => void results.refetch()}
      />
    );
  const myColumn = results.data.inspectors.findIndex((i) => i.id === myId);
  return (
    <Tabs defaultValue="marks" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="marks">Marks per call</Tabs.Tab>
        <Tabs.Tab value="agreement">Agreement</Tabs.Tab>
        <Tabs.Tab value="leans">Inspectors</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="marks" pt="xs">
        <CallMarks results={results.data} admin={admin} myColumn={myColumn} />
      </Tabs.Panel>
      <Tabs.Panel value="agreement" pt="xs">
        <Agreement results={results.data} />
      </Tabs.Panel>
      <Tabs.Panel value="leans" pt="xs">
        <Leans results={results.data} myId={myId} />
      </Tabs.Panel>
    </Tabs>
  );
}
