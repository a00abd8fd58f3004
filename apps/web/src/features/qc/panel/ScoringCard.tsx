// "QC Rating": the agent scored and the scorecard of "Marks 1" (in-house) and "Marks 2" (client) side by side; and
// the bar kept at the bottom of the screen with both live totals and grades and Submit.
import { memo } from 'react';
import { Alert, Button, Group, Kbd, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { scoreMarks, type TScorecard, type TScorecardMark } from '@crm/shared';
import { bestMarksOf, SCORECARD_KEYS_NOTE } from '../../../components/scorecard/index.ts';
import { CardColumns } from './CardColumns.tsx';
import {
  MARK_KEYS_NOTE,
  Scorecard,
  type TOnScore,
  type TOnText,
  type TScorecardColumn,
} from '../scorecard/Scorecard.tsx';
import { HoldHint } from '../scorecard/HoldHint.tsx';
import { ScoreBar } from '../scorecard/ScoreBar.tsx';
import { PLAYER_KEYS_NOTE } from '../../../components/recording/ScoringPlayer.tsx';
import type { TScorableAgent } from '../../../components/qc-call/scorable-agents.ts';
import { COLUMN_KEYS, COLUMNS, columnResult, type TColumnKey } from './scorecard.ts';
import type { TSubmitProgress } from './submit-qc.ts';
import type { TColumns } from './qc-panel-state.ts';

export const DEFAULTS_NOTE =
  'Each criterion starts at its best mark (a total of 100): choose the lower mark for each one the agent missed.';

export const CARD_DEFAULTS_NOTE =
  'Each criterion starts at its best choice: choose a lower one (or N/A where allowed) for each the agent missed.';

/** The Hold Process row points at the holds the analysis found in the recording playing (the mark stays the inspector's). */
const ROW_NOTES = { holdProcess: <HoldHint /> };

export type TAgentsState = {
  data: TScorableAgent[] | undefined;
  error: Error | null;
  pending: boolean;
  reload: () => void;
};

type Props = {
  agents: TAgentsState;
  agentId: string;
  agentError: string | null;
  onAgent: (agentId: string) => void;
  columns: TColumns;
  onScore: TOnScore;
  onText: TOnText;
  onCopy: () => void;
  progress: TSubmitProgress;
  submitting: boolean;
  /** Each column's scorecard when it is not Standard (null: Standard's 14 criteria). */
  cards?: TColumnCards;
  cardMarks?: Partial<Record<TColumnKey, TScorecardMark[]>>;
  cardProblems?: Partial<Record<TColumnKey, Record<string, string>>>;
  onCardMarks?: (key: TColumnKey, marks: TScorecardMark[]) => void;
};

export type TColumnCards = Record<TColumnKey, TScorecard | null>;
const STANDARD_ONLY: TColumnCards = { inHouse: null, client: null };

function savedId(progress: TSubmitProgress, key: TColumnKey): number | null {
  return key === 'inHouse' ? (progress.inHouse?.id ?? null) : (progress.client?.id ?? null);
}

function AgentPicker({
  agents,
  agentId,
  agentError,
  onAgent,
}: Pick<Props, 'agents' | 'agentId' | 'agentError' | 'onAgent'>) {
  const data = (agents.data ?? []).map((a) => ({ value: a.agentId, label: `${a.name} (${a.agentId})` }));
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label="Agent"
        withAsterisk
        searchable
        w={320}
        placeholder={agents.pending ? 'Loading agents…' : 'Choose the agent'}
        nothingFoundMessage="No such agent"
        data={data}
        value={agentId === '' ? null : agentId}
        onChange={(value) => onAgent(value ?? '')}
        error={
          agentError ?? (agents.error === null ? undefined : `The agents could not be loaded: ${agents.error.message}`)
        }
      />
      {agents.error !== null && (
        <Button variant="light" onClick={agents.reload}>
          Reload agents
        </Button>
      )}
    </Group>
  );
}

// Memoised: the player's updates and the lead's answers leave the scorecard as it is (the panel passes stable props).
export const ScoringCard = memo(function ScoringCard(props: Props) {
  const { columns, onScore, onText, onCopy, progress, submitting } = props;
  const cards = props.cards ?? STANDARD_ONLY;
  const onCards = cards.inHouse !== null || cards.client !== null;
  // Marks 1 copies to Marks 2 only on the same scorecard.
  const copyable = (cards.inHouse?.id ?? 1) === (cards.client?.id ?? 1);
  const scorecard: TScorecardColumn[] = COLUMN_KEYS.map((key) => {
    const id = savedId(progress, key);
    return {
      key,
      ...COLUMNS[key],
      values: columns[key],
      locked: id !== null,
      badge: id === null ? undefined : `Saved as record #${id}`,
    };
  });
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="QC Rating">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h4">
            QC Rating
          </Title>
          <Button
            size="xs"
            variant="default"
            onClick={onCopy}
            disabled={savedId(progress, 'client') !== null || submitting || !copyable}
          >
            Copy Marks 1 to Marks 2
          </Button>
        </Group>
        <AgentPicker {...props} />
        <Text size="xs" c="dimmed">
          {onCards ? CARD_DEFAULTS_NOTE : DEFAULTS_NOTE} {onCards ? SCORECARD_KEYS_NOTE : MARK_KEYS_NOTE}{' '}
          {PLAYER_KEYS_NOTE}
        </Text>
        {onCards ? (
          <CardColumns
            columns={scorecard}
            cards={cards}
            marks={props.cardMarks ?? {}}
            problems={props.cardProblems ?? {}}
            onMarks={(key, marks) => props.onCardMarks?.(key, marks)}
            onScore={onScore}
            onText={onText}
            disabled={submitting}
          />
        ) : (
          <Scorecard columns={scorecard} onScore={onScore} onText={onText} disabled={submitting} rowNotes={ROW_NOTES} />
        )}
      </Stack>
    </Paper>
  );
});

type TBarProps = {
  columns: TColumns;
  /** What submitting does with the recording (the tick's state, in words). */
  linkNote: string;
  submitting: boolean;
  problems: string[];
  onSubmit: () => void;
  /** "Submit and next" (a call opened from the queue): saves, then opens the queue's next call. */
  onSubmitAndNext?: (() => void) | undefined;
  /** The panel's keys (F6, Ctrl+Enter), said beside the buttons. */
  keysNote?: string;
  cards?: TColumnCards;
  cardMarks?: Partial<Record<TColumnKey, TScorecardMark[]>>;
};

/** A column's live total and grade: its scorecard's (scoreMarks) or Standard's. */
function liveResult(
  key: TColumnKey,
  columns: TColumns,
  cards: TColumnCards,
  cardMarks: Partial<Record<TColumnKey, TScorecardMark[]>>,
) {
  const card = cards[key];
  if (card === null) return columnResult(columns[key]);
  const { total, grade } = scoreMarks(card, cardMarks[key] ?? bestMarksOf(card));
  return { total, grade };
}

export function PanelScoreBar(props: TBarProps) {
  const { columns, linkNote, submitting, problems, onSubmit, onSubmitAndNext, keysNote } = props;
  const cards = props.cards ?? STANDARD_ONLY;
  const cardMarks = props.cardMarks ?? {};
  return (
    <ScoreBar
      results={COLUMN_KEYS.map((key) => ({
        key,
        title: COLUMNS[key].title,
        ...liveResult(key, columns, cards, cardMarks),
      }))}
      note={
        <Text size="xs" c="dimmed">
          {linkNote}
          {keysNote === undefined ? null : ` ${keysNote}`}
        </Text>
      }
      actions={
        <Group gap="xs" wrap="nowrap">
          <Button
            onClick={onSubmit}
            loading={submitting}
            disabled={submitting}
            variant={onSubmitAndNext === undefined ? 'filled' : 'default'}
          >
            Submit
          </Button>
          {onSubmitAndNext !== undefined && (
            <Button
              onClick={onSubmitAndNext}
              loading={submitting}
              disabled={submitting}
              aria-keyshortcuts="Control+Enter"
              rightSection={<Kbd size="xs">Ctrl+Enter</Kbd>}
            >
              Submit and next
            </Button>
          )}
        </Group>
      }
    >
      {problems.length > 0 && (
        <Alert color="red" variant="light" p="xs" title="The report was not submitted completely" role="alert">
          <List size="sm">
            {problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
          <Text size="sm" mt={4}>
            Submit again to finish: what was saved is not saved twice.
          </Text>
        </Alert>
      )}
    </ScoreBar>
  );
}
