// A QC record's 14 criteria, compactly: the Scores cell names the criteria that lost marks and opens a row under
// the record with every criterion's choice ("No (-20)"), its scale, the fatal reason and the EAS voice match.
import { Button, Group, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { QC_CRITERIA, STANDARD_SCORECARD_ID, bestMarks, scaleText, type TQcCriterion } from '@crm/shared';
import { ChevronIcon } from './icons.tsx';
import { CRITERION_SHORT_HEADERS } from './record-columns.tsx';
import { criterionMarks, recordTexts, type TAnyQcRecord } from './record-form.ts';

export type TLostCriterion = { criterion: TQcCriterion; marks: number; lost: number };

/** The criteria below their best choice, in scorecard order. */
export function lostCriteria(record: TAnyQcRecord): TLostCriterion[] {
  // A record of another scorecard has none of the 14 (its criteria are on its edit page).
  if (record.scorecardId !== STANDARD_SCORECARD_ID) return [];
  return QC_CRITERIA.map((criterion) => {
    const marks = criterionMarks(record, criterion.key);
    return { criterion, marks, lost: bestMarks(criterion) - marks };
  }).filter((c) => c.lost > 0);
}

/** "All best", or the short name of the first criterion that lost marks and how many more did ("Pace +2"). */
export function lostSummary(record: TAnyQcRecord): string {
  if (record.scorecardId !== STANDARD_SCORECARD_ID) return `Scorecard #${record.scorecardId}`;
  const [first, ...more] = lostCriteria(record);
  if (first === undefined) return 'All best';
  const name = CRITERION_SHORT_HEADERS[first.criterion.key];
  return more.length === 0 ? name : `${name} +${more.length}`;
}

/** The choice a criterion's marks are, as the scorecard names it: "No (-20)"; the bare marks when off the scale. */
export function choiceText(criterion: TQcCriterion, marks: number): string {
  const choice = criterion.scale.find((s) => s.marks === marks);
  return choice === undefined ? String(marks) : `${choice.label} (${choice.marks})`;
}

export const scoresRowId = (record: TAnyQcRecord) => `qc-record-scores-${record.id}`;

type ToggleProps = { record: TAnyQcRecord; open: boolean; onToggle: () => void };

export function ScoresToggle({ record, open, onToggle }: ToggleProps) {
  const lost = lostCriteria(record).length > 0;
  const summary = lostSummary(record);
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      color={lost ? 'red' : 'gray'}
      rightSection={<ChevronIcon open={open} size={14} />}
      aria-expanded={open}
      aria-controls={open ? scoresRowId(record) : undefined}
      aria-label={`${summary}: the 14 criteria of ${record.agentName}'s record`}
      onClick={onToggle}
      styles={{ label: { maxWidth: 110, overflow: 'hidden', textOverflow: 'ellipsis' } }}
    >
      {summary}
    </Button>
  );
}

function CriterionTile({ criterion, marks }: { criterion: TQcCriterion; marks: number }) {
  const below = marks < bestMarks(criterion);
  return (
    <Tooltip label={`${criterion.name}: ${scaleText(criterion)}`} multiline maw={320}>
      <Stack gap={0} tabIndex={0} style={{ cursor: 'help' }}>
        <Text size="xs" c="dimmed" truncate>
          {criterion.name}
        </Text>
        <Text size="sm" fw={below ? 700 : 400} c={below ? 'red' : undefined}>
          {choiceText(criterion, marks)}
        </Text>
      </Stack>
    </Tooltip>
  );
}

const EAS_LABELS: Record<string, string> = { yes: 'Yes', no: 'No', '': 'Not answered' };

/** The row under a record with its 14 criteria. */
export function RecordScoresRow({ record, colSpan }: { record: TAnyQcRecord; colSpan: number }) {
  const texts = recordTexts(record);
  return (
    <Table.Tr id={scoresRowId(record)} aria-label={`Scores of ${record.agentName}'s call to ${record.consumerNumber}`}>
      <Table.Td colSpan={colSpan} bg="var(--mantine-color-default-hover)">
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 3, sm: 5, lg: 7 }} spacing="xs" verticalSpacing={6}>
            {(record.scorecardId === STANDARD_SCORECARD_ID ? QC_CRITERIA : []).map((c) => (
              <CriterionTile key={c.key} criterion={c} marks={criterionMarks(record, c.key)} />
            ))}
          </SimpleGrid>
          <Group gap="xl" wrap="wrap">
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                Fatal Reason:{' '}
              </Text>
              {texts.fatalReason.trim() === '' ? '—' : texts.fatalReason}
            </Text>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                EAS voice matched with report:{' '}
              </Text>
              {EAS_LABELS[texts.easVoiceMatchedWithReport] ?? texts.easVoiceMatchedWithReport}
            </Text>
          </Group>
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
