// The QC panel's scoring when the campaign scores on a scorecard other than Standard (docs/scorecards.md, QC panel):
// "Marks 1" and "Marks 2" as two tabs, each its scorecard's form (scrolling inside the card, so the player above and
// the total and Submit below stay in view) or Standard's 14 criteria, then the record's texts.
import { useState } from 'react';
import { Badge, Group, NativeSelect, Tabs, TextInput } from '@mantine/core';
import { GrowingTextarea } from '../../../components/GrowingTextarea.tsx';
import { HOLD_TAG, MAX_QC_TEXT, criteriaOf, type TScorecard, type TScorecardMark } from '@crm/shared';
import { bestMarksOf, ScorecardForm } from '../../../components/scorecard/index.ts';
import { HoldHint } from '../scorecard/HoldHint.tsx';
import { Scorecard, type TOnScore, type TOnText, type TScorecardColumn } from '../scorecard/Scorecard.tsx';
import { easChoices } from '../scorecard/scorecard-values.ts';
import { COLUMN_KEYS, COLUMNS, type TColumnKey } from './scorecard.ts';

/** The criteria scroll within this height: the sticky player above and the bar below stay in view at 1366×768. */
export const CARD_FORM_HEIGHT = 'max(220px, calc(100dvh - 470px))';

/** The hold hint under every criterion an admin tagged 'hold' (Standard's Hold Process is tagged). */
export function holdNotes(card: TScorecard) {
  return Object.fromEntries(
    criteriaOf(card)
      .filter((c) => c.tags.includes(HOLD_TAG))
      .map((c) => [c.key, <HoldHint key={c.key} />]),
  );
}

/**
 * A criterion reached with the keyboard scrolls clear of the sticky Score bar as Standard's rows do: the form's
 * default margin (8px) suits its inner scroll, but the page's scroll would leave the last criterion under the bar.
 */
const CLEAR_OF_BAR = { bottom: 110 } as const;

type Props = {
  columns: readonly TScorecardColumn[];
  cards: Record<TColumnKey, TScorecard | null>;
  marks: Partial<Record<TColumnKey, TScorecardMark[]>>;
  problems: Partial<Record<TColumnKey, Record<string, string>>>;
  onMarks: (key: TColumnKey, marks: TScorecardMark[]) => void;
  onScore: TOnScore;
  onText: TOnText;
  disabled: boolean;
};

function CardTexts({ column, onText, disabled }: { column: TScorecardColumn; onText: TOnText; disabled: boolean }) {
  const off = disabled || column.locked;
  const title = column.title ?? '';
  return (
    <Group gap="xs" align="flex-start" grow wrap="nowrap">
      <GrowingTextarea
        size="xs"
        label="Suggestion"
        aria-label={`${title} suggestion`}
        minRows={1}
        maxRows={3}
        maxLength={MAX_QC_TEXT}
        disabled={off}
        value={column.values.suggestion}
        onChange={(e) => onText(column.key, 'suggestion', e.currentTarget.value)}
      />
      <TextInput
        size="xs"
        label="Fatal Reason"
        aria-label={`${title} fatal reason`}
        maxLength={MAX_QC_TEXT}
        disabled={off}
        value={column.values.fatalReason}
        onChange={(e) => onText(column.key, 'fatalReason', e.currentTarget.value)}
      />
      <NativeSelect
        size="xs"
        label="EAS voice matched?"
        aria-label={`${title} EAS voice matched with report`}
        disabled={off}
        value={column.values.easVoiceMatched}
        data={easChoices(column.values.easVoiceMatched)}
        onChange={(e) => onText(column.key, 'easVoiceMatched', e.currentTarget.value)}
      />
    </Group>
  );
}

export function CardColumns({ columns, cards, marks, problems, onMarks, onScore, onText, disabled }: Props) {
  const [tab, setTab] = useState<string | null>('inHouse');
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List>
        {COLUMN_KEYS.map((key) => {
          const card = cards[key];
          const column = columns.find((c) => c.key === key);
          return (
            <Tabs.Tab key={key} value={key}>
              {COLUMNS[key].title} ({COLUMNS[key].note}: {card === null ? 'Standard' : `${card.name} v${card.version}`})
              {column?.badge !== undefined && (
                <Badge ml={6} size="xs" color="green" variant="light">
                  {column.badge}
                </Badge>
              )}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {COLUMN_KEYS.map((key) => {
        const card = cards[key];
        const column = columns.find((c) => c.key === key);
        if (column === undefined) return null;
        return (
          <Tabs.Panel key={key} value={key} pt={6}>
            {card === null ? (
              <Scorecard columns={[column]} onScore={onScore} onText={onText} disabled={disabled} />
            ) : (
              <>
                <ScorecardForm
                  definition={card}
                  marks={marks[key] ?? bestMarksOf(card)}
                  onChange={(next) => onMarks(key, next)}
                  disabled={disabled || column.locked}
                  problems={problems[key]}
                  title={COLUMNS[key].title}
                  notes={holdNotes(card)}
                  summary={false}
                  maxHeight={CARD_FORM_HEIGHT}
                  rowScrollMargin={CLEAR_OF_BAR}
                />
                <CardTexts column={column} onText={onText} disabled={disabled} />
              </>
            )}
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
