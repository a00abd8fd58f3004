// The columns of the QC record lists (docs/product.md §2 QC Records Client), in order: the ones always shown (date, agent and
// ID, the call: number, campaign and duration; Total, Grade, inspector), and the optional ones of the column chooser,
// the widest last so Total and Grade stay in view whatever is chosen.
import type { ReactNode } from 'react';
import { ColorSwatch, Group, Text } from '@mantine/core';
import {
  QC_CRITERIA,
  STANDARD_SCORECARD_ID,
  bestMarks,
  scaleText,
  type TQcCriterionKey,
  type TQcGrade,
  type TQcKind,
} from '@crm/shared';
import type { TColumnChoice } from './column-choice.ts';
import { GRADE_COLOURS, criterionMarks, formatDuration, recordTexts, type TAnyQcRecord } from './record-form.ts';

export type TRecordColumn = {
  key: string;
  header: string;
  /** A short header's full name and scale: its tooltip, and the name screen readers hear. */
  title?: string;
  render: (row: TAnyQcRecord) => ReactNode;
  /** Long text wraps between these widths (px); other columns never wrap. */
  wrap?: { min: number; max: number };
  /** The chooser entry that shows the column; always shown without one. */
  choice?: TColumnChoice;
};

/** Headers short enough for 14 columns side by side; the full name and scale are in the tooltip. */
export const CRITERION_SHORT_HEADERS: Record<TQcCriterionKey, string> = {
  greetings: 'Greet',
  liveliness: 'Lively',
  pronunciation: 'Pronun.',
  mumbling: 'Mumble',
  pace: 'Pace',
  pitch: 'Pitch',
  courtesy: 'Courtesy',
  holdProcess: 'Hold',
  takingPermission: 'Permis.',
  acknowledgementAndFollowUp: 'Ack.',
  poorObjectionAndNegotiationSkill: 'Objection',
  crm: 'CRM',
  closing: 'Closing',
  fatal: 'Fatal',
};

const orDash = (text: string) => (text.trim() === '' ? '—' : text);

const EAS_LABELS: Record<string, string> = { yes: 'Yes', no: 'No' };

function criterionColumns(): TRecordColumn[] {
  return QC_CRITERIA.map((c) => ({
    key: c.key,
    header: CRITERION_SHORT_HEADERS[c.key],
    title: `${c.name}: ${scaleText(c)}`,
    choice: 'criteria',
    render: (r) => {
      // A record of another scorecard has no Standard criteria: its marks are in its own (the edit page shows them).
      if (r.scorecardId !== STANDARD_SCORECARD_ID)
        return (
          <Text size="sm" c="dimmed" aria-label="Not on this scorecard">
            —
          </Text>
        );
      const marks = criterionMarks(r, c.key);
      return (
        <Text size="sm" c={marks < bestMarks(c) ? 'red' : undefined}>
          {marks}
        </Text>
      );
    },
  }));
}

/** The list's columns; `scores` draws the Scores cell (its summary opens the row's 14 criteria). */
export function recordColumns(kind: TQcKind, scores: (row: TAnyQcRecord) => ReactNode): TRecordColumn[] {
  return [
    { key: 'callDate', header: 'Call date', render: (r) => r.callDate },
    {
      key: 'agentName',
      header: kind === 'client' ? 'Name' : 'Agent Name',
      wrap: { min: 120, max: 200 },
      render: (r) => (
        <>
          <Text size="sm">{r.agentName}</Text>
          <Text size="xs" c="dimmed">
            {r.agentId}
          </Text>
        </>
      ),
    },
    {
      key: 'call',
      header: 'Call',
      render: (r) => (
        <>
          <Text size="sm">{r.consumerNumber}</Text>
          <Text size="xs" c="dimmed">
            {`${r.campaignName} · ${formatDuration(r.duration)}`}
          </Text>
        </>
      ),
    },
    { key: 'scores', header: 'Scores', choice: 'scores', render: scores },
    {
      key: 'total',
      header: 'Total',
      render: (r) => (
        <Text size="sm" fw={700}>
          {r.total}
        </Text>
      ),
    },
    {
      key: 'agentGrade',
      header: 'Agent grade',
      wrap: { min: 96, max: 130 },
      render: (r) => (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <ColorSwatch
            color={`var(--mantine-color-${GRADE_COLOURS[r.agentGrade as TQcGrade] ?? 'gray'}-6)`}
            size={10}
            mt={5}
            withShadow={false}
            style={{ flexShrink: 0 }}
            aria-hidden
          />
          <Text size="sm" fw={500}>
            {r.agentGrade}
          </Text>
        </Group>
      ),
    },
    {
      key: 'suggestion',
      header: 'Suggestion',
      choice: 'suggestion',
      wrap: { min: 140, max: 260 },
      render: (r) => (
        <Text size="sm" lineClamp={2} title={recordTexts(r).suggestion}>
          {orDash(recordTexts(r).suggestion)}
        </Text>
      ),
    },
    { key: 'qcInspector', header: 'QC inspector', render: (r) => r.qcInspector },
    ...criterionColumns(),
    {
      key: 'fatalReason',
      header: 'Fatal Reason',
      choice: 'fatalReason',
      wrap: { min: 140, max: 220 },
      render: (r) => orDash(recordTexts(r).fatalReason),
    },
    {
      key: 'easVoiceMatchedWithReport',
      header: 'EAS voice matched with report',
      choice: 'eas',
      render: (r) => {
        const eas = recordTexts(r).easVoiceMatchedWithReport;
        return EAS_LABELS[eas] ?? orDash(eas);
      },
    },
  ];
}

/** The columns a choice shows. */
export function shownColumns(columns: readonly TRecordColumn[], choice: readonly TColumnChoice[]): TRecordColumn[] {
  return columns.filter((c) => c.choice === undefined || choice.includes(c.choice));
}
