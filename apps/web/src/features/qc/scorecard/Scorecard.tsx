// The scorecard of the QC panel and of the edit pages: the 14 criteria, each a row of buttons limited to its scale
// (one column per record scored: "Marks 1" and "Marks 2" on the panel, the record on an edit page), then Fatal
// reason, "EAS voice matched with report?" and Suggestion. On a focused row, 1/2/3 pick its marks and ↑/↓ move a row.
import { memo, type CSSProperties, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Badge, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { SegmentedChoices } from '../../../components/SegmentedChoices.tsx';
import { GrowingTextarea } from '../../../components/GrowingTextarea.tsx';
import { MAX_QC_TEXT, QC_CRITERIA, type TQcCriterion, type TQcCriterionKey } from '@crm/shared';
import {
  easChoices,
  markChoices,
  marksForKey,
  type TScorecardText,
  type TScorecardValues,
} from './scorecard-values.ts';

export const MARK_KEYS_NOTE = 'Keys: 1/2/3 pick the focused row’s marks (left to right), ↑/↓ move a row.';

export type TScorecardColumn = {
  key: string;
  /** 'Marks 1': heads the column and names its controls ('Marks 1: Pace'). Without it (one column) the criterion alone names them. */
  title?: string;
  note?: string;
  values: TScorecardValues;
  locked: boolean;
  /** Beside the title ('Saved as record #11'). */
  badge?: ReactNode;
};

export type TOnScore = (column: string, criterion: TQcCriterionKey, marks: number) => void;
export type TOnText = (column: string, field: TScorecardText, value: string) => void;

type Props = {
  columns: readonly TScorecardColumn[];
  onScore: TOnScore;
  onText: TOnText;
  /** Every control, while the scorecard is being saved. */
  disabled?: boolean;
  /** Shown under a criterion's name (the Hold Process row's holds found in the recording). */
  rowNotes?: Partial<Record<TQcCriterionKey, ReactNode>>;
};

const TEXT_LABELS: Record<TScorecardText, string> = {
  fatalReason: 'Fatal Reason',
  easVoiceMatched: 'EAS voice matched with report ?',
  suggestion: 'Suggestion',
};
const TITLED_TEXT_LABELS: Record<TScorecardText, string> = {
  fatalReason: 'fatal reason',
  easVoiceMatched: 'EAS voice matched with report',
  suggestion: 'suggestion',
};

const textLabel = (column: TScorecardColumn, field: TScorecardText) =>
  column.title === undefined ? TEXT_LABELS[field] : `${column.title} ${TITLED_TEXT_LABELS[field]}`;
const markLabel = (column: TScorecardColumn, criterion: TQcCriterion) =>
  column.title === undefined ? criterion.name : `${column.title}: ${criterion.name}`;

/**
 * Room for the top bar and the sticky player above (with a recording's checks and waveform, about 200 px at
 * 1366×768), and the sticky total below, when a focused row is scrolled to.
 */
const ROW_SCROLL_MARGIN = { scrollMarginTop: 260, scrollMarginBottom: 110 } as const;

// Each choice as wide as its words (then the rest shared): "Need Improvement (10)" stays on one line where it fits.
const SEGMENT_STYLES = {
  control: { flex: '1 1 auto' },
  label: { whiteSpace: 'normal', lineHeight: 1.2, fontSize: 11, padding: '3px 4px' },
} satisfies Record<string, CSSProperties>;

/** A choice's words; where the cell is narrow only "Need" breaks off: the marks stay with the word before them. */
function choiceText(label: string): ReactNode {
  const cut = label.lastIndexOf(' ', label.lastIndexOf(' (') - 1);
  return (
    <>
      {cut > 0 ? `${label.slice(0, cut)} ` : ''}
      <span style={{ whiteSpace: 'nowrap' }}>{cut > 0 ? label.slice(cut + 1) : label}</span>
    </>
  );
}

type TCell = { key: string; label: string; marks: number; disabled: boolean };
type TRowProps = { criterion: TQcCriterion; cells: TCell[]; onScore: TOnScore; note?: ReactNode };

const sameCells = (a: TCell[], b: TCell[]) =>
  a.length === b.length &&
  a.every((cell, i) => cell.marks === b[i]?.marks && cell.disabled === b[i]?.disabled && cell.label === b[i]?.label);

// 28 controls on the panel: a mark picked re-renders only its row.
const CriterionRow = memo(
  function CriterionRow({ criterion, cells, onScore, note }: TRowProps) {
    return (
      <Table.Tr>
        <Table.Th scope="row" fw={600} fz="xs">
          {criterion.name}
          {note}
        </Table.Th>
        {cells.map((cell) => (
          <Table.Td key={cell.key} data-column={cell.key} data-criterion={criterion.key} style={ROW_SCROLL_MARGIN}>
            <SegmentedChoices
              label={cell.label}
              disabled={cell.disabled}
              value={String(cell.marks)}
              onChange={(value) => onScore(cell.key, criterion.key, Number(value))}
              data={markChoices(criterion, cell.marks).map((choice) => ({
                ...choice,
                label: choiceText(choice.label),
              }))}
              controlStyle={SEGMENT_STYLES.control}
              labelStyle={SEGMENT_STYLES.label}
            />
          </Table.Td>
        ))}
      </Table.Tr>
    );
  },
  (a, b) => a.criterion === b.criterion && a.onScore === b.onScore && a.note === b.note && sameCells(a.cells, b.cells),
);

/** True when the keyboard moved the focus (a click needs no scrolling: what was clicked is in view). */
function focusedByKeyboard(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/** Focuses a criterion cell's control: its checked choice, else its first that can be chosen. */
function focusCell(cell: Element | null | undefined) {
  if (cell === null || cell === undefined) return;
  const input =
    cell.querySelector<HTMLInputElement>('input:checked:not(:disabled)') ??
    cell.querySelector<HTMLInputElement>('input:not(:disabled)');
  input?.focus();
}

function TextRows({
  columns,
  onText,
  disabled,
}: {
  columns: readonly TScorecardColumn[];
  onText: TOnText;
  disabled: boolean;
}) {
  const off = (column: TScorecardColumn) => disabled || column.locked;
  return (
    <>
      <Table.Tr>
        <Table.Th scope="row" fz="xs">
          {TEXT_LABELS.fatalReason}
        </Table.Th>
        {columns.map((column) => (
          <Table.Td key={column.key}>
            <TextInput
              size="xs"
              aria-label={textLabel(column, 'fatalReason')}
              maxLength={MAX_QC_TEXT}
              disabled={off(column)}
              value={column.values.fatalReason}
              onChange={(e) => onText(column.key, 'fatalReason', e.currentTarget.value)}
            />
          </Table.Td>
        ))}
      </Table.Tr>
      <Table.Tr>
        <Table.Th scope="row" fz="xs">
          {TEXT_LABELS.easVoiceMatched}
        </Table.Th>
        {columns.map((column) => (
          <Table.Td key={column.key}>
            <NativeSelect
              size="xs"
              aria-label={textLabel(column, 'easVoiceMatched')}
              disabled={off(column)}
              value={column.values.easVoiceMatched}
              data={easChoices(column.values.easVoiceMatched)}
              onChange={(e) => onText(column.key, 'easVoiceMatched', e.currentTarget.value)}
            />
          </Table.Td>
        ))}
      </Table.Tr>
      <Table.Tr>
        <Table.Th scope="row" fz="xs">
          {TEXT_LABELS.suggestion}
        </Table.Th>
        {columns.map((column) => (
          <Table.Td key={column.key}>
            <GrowingTextarea
              size="xs"
              aria-label={textLabel(column, 'suggestion')}
              minRows={2}
              maxRows={6}
              maxLength={MAX_QC_TEXT}
              disabled={off(column)}
              value={column.values.suggestion}
              onChange={(e) => onText(column.key, 'suggestion', e.currentTarget.value)}
            />
          </Table.Td>
        ))}
      </Table.Tr>
    </>
  );
}

export function Scorecard({ columns, onScore, onText, disabled = false, rowNotes }: Props) {
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || !(event.target instanceof Element))
      return;
    const cell = event.target.closest<HTMLElement>('[data-criterion]');
    const criterion = QC_CRITERIA.find((c) => c.key === cell?.dataset.criterion);
    const columnKey = cell?.dataset.column;
    if (cell === null || criterion === undefined || columnKey === undefined) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const rows = [...event.currentTarget.querySelectorAll(`[data-column="${columnKey}"][data-criterion]`)];
      focusCell(rows[rows.indexOf(cell) + (event.key === 'ArrowDown' ? 1 : -1)]);
      return;
    }
    const marks = marksForKey(criterion, event.key);
    if (marks === null) return;
    event.preventDefault();
    const column = columns.find((c) => c.key === columnKey);
    if (column === undefined || column.locked || disabled) return;
    onScore(columnKey, criterion.key, marks);
    // The focus follows the choice made, as a click would have moved it.
    requestAnimationFrame(() => focusCell(cell));
  };

  // The browser scrolls a focused control just into view, which may be under the sticky player or total: a row
  // reached with the keyboard is brought clear of both.
  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const cell = event.target.closest('[data-criterion]');
    if (cell !== null && focusedByKeyboard(event.target)) cell.scrollIntoView({ block: 'nearest' });
  };

  const titled = columns.some((c) => c.title !== undefined);
  return (
    <Table.ScrollContainer minWidth={titled ? 620 : 420}>
      <Table
        verticalSpacing={4}
        horizontalSpacing={8}
        withColumnBorders
        withTableBorder
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        aria-label="Quality criteria and marks"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={titled ? 120 : '34%'}>Quality Criteria</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.key}>
                {column.title ?? 'Marks'}{' '}
                {column.note !== undefined && (
                  <Text span size="xs" c="dimmed">
                    ({column.note})
                  </Text>
                )}
                {column.badge !== undefined && (
                  <Badge ml="xs" size="sm" color="green" variant="light">
                    {column.badge}
                  </Badge>
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {QC_CRITERIA.map((criterion) => (
            <CriterionRow
              key={criterion.key}
              criterion={criterion}
              onScore={onScore}
              note={rowNotes?.[criterion.key]}
              cells={columns.map((column) => ({
                key: column.key,
                label: markLabel(column, criterion),
                marks: column.values.scores[criterion.key],
                disabled: disabled || column.locked,
              }))}
            />
          ))}
          <TextRows columns={columns} onText={onText} disabled={disabled} />
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
