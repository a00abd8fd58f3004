// Scoring a call on any scorecard (docs/scorecards.md, QC panel): its sections and criteria, each criterion's choices as
// one compact button group (N/A where allowed, auto-fail choices marked), guidance and a comment box on demand (shown
// where the scorecard requires one), problems under their criterion, and the live summary kept in view. Keys on a
// focused criterion: 1–9 pick a choice, 0 or N is N/A, ↑/↓ (or K/J) move, C opens its comment, G its guidance.
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Anchor, Badge, Box, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { GrowingTextarea } from '../GrowingTextarea.tsx';
import {
  SCORECARD_LIMITS,
  type TScorecardCriterion,
  type TScorecardDefinition,
  type TScorecardMark,
} from '@crm/shared';
import { ScorecardSummary } from './ScorecardSummary.tsx';
import {
  CARD_PROBLEM,
  choiceForKey,
  commentShown,
  markOf,
  withChoice,
  withComment,
  type TMarkProblems,
} from './scorecard-marks.ts';

export const SCORECARD_KEYS_NOTE =
  'Keys on a focused criterion: 1–9 pick its choice (left to right), 0 or N marks it N/A, ↑/↓ (or K/J) move, C opens its comment, G its guidance, Esc leaves a comment.';

export type TScorecardFormProps = {
  definition: TScorecardDefinition;
  marks: readonly TScorecardMark[];
  onChange: (marks: TScorecardMark[]) => void;
  disabled?: boolean;
  /** Under their criterion (by key); under the summary for the whole card ('' key). */
  problems?: TMarkProblems;
  /** Names the form's controls when two records are scored on one page ('Marks 1: Greeting'). */
  title?: string;
  /** Shown under a criterion's question, by key (the hold hint on criteria tagged 'hold'). */
  notes?: Partial<Record<string, ReactNode>>;
  /** The live summary above the criteria (default); false when the page shows it elsewhere. */
  summary?: boolean;
  /** Beside the summary (a save button). */
  summaryActions?: ReactNode;
  /** When set, the criteria scroll inside this height and the summary stays above them. */
  maxHeight?: number | string;
  /**
   * Room in px kept clear above and below a criterion reached with the keyboard (8 each by default): more where the
   * page keeps something in view over the form, as the QC panel's sticky Score bar below it.
   */
  rowScrollMargin?: { top?: number; bottom?: number };
};

type TRowProps = {
  criterion: TScorecardCriterion;
  number: number;
  mark: TScorecardMark | undefined;
  label: string;
  disabled: boolean;
  problem: string | undefined;
  note: ReactNode;
  focused: boolean;
  scrollMarginTop: number;
  scrollMarginBottom: number;
  commentOpen: boolean;
  guidanceOpen: boolean;
  onPick: (key: string, choice: string | null) => void;
  onComment: (key: string, comment: string) => void;
  onToggle: (what: 'comment' | 'guidance', key: string) => void;
};

/** Room for what may stay in view above and below a criterion reached with the keyboard, unless the page says more. */
const ROW_SCROLL_MARGIN = 8;

function ChoiceButton({
  text,
  chosen,
  autoFail,
  disabled,
  hint,
  onClick,
}: {
  text: string;
  chosen: boolean;
  autoFail: boolean;
  disabled: boolean;
  hint: string;
  onClick: () => void;
}) {
  const colour = autoFail ? 'red' : 'blue';
  return (
    <UnstyledButton
      role="radio"
      aria-checked={chosen}
      aria-label={autoFail ? `${text}, auto-fail` : text}
      title={hint}
      tabIndex={-1}
      disabled={disabled}
      onClick={onClick}
      px={8}
      py={3}
      fz={12}
      lh={1.25}
      style={{
        whiteSpace: 'nowrap',
        borderRight: '1px solid var(--mantine-color-gray-4)',
        background: chosen ? `var(--mantine-color-${colour}-filled)` : undefined,
        color: chosen ? 'var(--mantine-color-white)' : autoFail ? 'var(--mantine-color-red-8)' : undefined,
        fontWeight: chosen ? 600 : 400,
        opacity: disabled ? 0.6 : 1,
        cursor: disabled ? 'not-allowed' : 'pointer',
      }}
    >
      {autoFail ? '⚠ ' : ''}
      {text}
    </UnstyledButton>
  );
}

const CriterionRow = memo(function CriterionRow(props: TRowProps) {
  const { criterion, number, mark, label, disabled, problem, note, focused, commentOpen, guidanceOpen } = props;
  const { scrollMarginTop, scrollMarginBottom } = props;
  const { onPick, onComment, onToggle } = props;
  const showComment = commentOpen || commentShown(criterion, mark);
  const required = criterion.commentRequired && commentShown(criterion, mark) && (mark?.comment ?? '') === '';
  return (
    <Paper
      withBorder
      px="xs"
      py={6}
      radius="sm"
      tabIndex={0}
      role="group"
      aria-label={label}
      aria-invalid={problem === undefined ? undefined : true}
      data-criterion={criterion.key}
      bg={focused ? 'blue.0' : undefined}
      style={{
        scrollMarginTop,
        scrollMarginBottom,
        outline: 'none',
        borderColor:
          problem !== undefined ? 'var(--mantine-color-red-6)' : focused ? 'var(--mantine-color-blue-6)' : undefined,
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={0} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600}>
              {number}. {criterion.name}
            </Text>
            {criterion.autoFailChoice !== null && (
              <Badge size="xs" color="red" variant="light" tt="none">
                auto-fail: {criterion.autoFailChoice}
              </Badge>
            )}
            {criterion.commentRequired && (
              <Badge size="xs" color="gray" variant="light" tt="none">
                comment below best
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {criterion.question}
          </Text>
          {guidanceOpen && criterion.guidance !== '' && (
            <Text size="xs" mt={2} style={{ whiteSpace: 'pre-wrap' }} aria-label={`Guidance for ${criterion.name}`}>
              {criterion.guidance}
            </Text>
          )}
          {note}
          <Group gap="sm">
            {criterion.guidance !== '' && (
              <Anchor component="button" type="button" size="xs" onClick={() => onToggle('guidance', criterion.key)}>
                {guidanceOpen ? 'Hide guidance' : 'Guidance'}
              </Anchor>
            )}
            {!showComment && (
              <Anchor
                component="button"
                type="button"
                size="xs"
                disabled={disabled}
                onClick={() => onToggle('comment', criterion.key)}
              >
                Comment
              </Anchor>
            )}
          </Group>
        </Stack>
        <Box
          role="radiogroup"
          aria-label={label}
          style={{
            display: 'inline-flex',
            flexWrap: 'wrap',
            border: '1px solid var(--mantine-color-gray-4)',
            borderRadius: 'var(--mantine-radius-sm)',
            overflow: 'hidden',
            maxWidth: '100%',
          }}
        >
          {criterion.choices.map((choice, i) => (
            <ChoiceButton
              key={choice.label}
              text={`${choice.label} (${choice.marks})`}
              chosen={mark?.choice === choice.label}
              autoFail={criterion.autoFailChoice === choice.label}
              disabled={disabled}
              hint={i < SCORECARD_LIMITS.keyboardChoices ? `Key ${i + 1}` : 'Pick with the pointer'}
              onClick={() => onPick(criterion.key, choice.label)}
            />
          ))}
          {criterion.allowNa && (
            <ChoiceButton
              text="N/A"
              chosen={mark !== undefined && mark.choice === null}
              autoFail={false}
              disabled={disabled}
              hint="Key 0 or N"
              onClick={() => onPick(criterion.key, null)}
            />
          )}
        </Box>
      </Group>
      {showComment && (
        <GrowingTextarea
          mt={4}
          size="xs"
          minRows={1}
          maxRows={4}
          maxLength={SCORECARD_LIMITS.comment}
          label={required ? 'Comment (required below the best mark)' : 'Comment'}
          aria-label={`Comment on ${label}`}
          withAsterisk={required}
          disabled={disabled}
          value={mark?.comment ?? ''}
          onChange={(e) => onComment(criterion.key, e.currentTarget.value)}
        />
      )}
      {problem !== undefined && (
        <Text size="xs" c="red.8" mt={2} role="alert" aria-label={`Problem with ${criterion.name}`}>
          {problem}
        </Text>
      )}
    </Paper>
  );
});

function isTextField(element: Element): boolean {
  return element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && element.type === 'text');
}

export function ScorecardForm(props: TScorecardFormProps) {
  const { definition, marks, onChange, disabled = false, problems = {}, title, notes, summaryActions } = props;
  const { summary = true, maxHeight, rowScrollMargin } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const [open, setOpen] = useState<{ comment: ReadonlySet<string>; guidance: ReadonlySet<string> }>({
    comment: new Set(),
    guidance: new Set(),
  });
  // The latest marks for the handlers, so a memoised row's callbacks never go stale.
  const marksRef = useRef(marks);
  useLayoutEffect(() => {
    marksRef.current = marks;
  }, [marks]);
  // A comment box asked for before it rendered: focused after the render that shows it.
  const pendingComment = useRef<string | null>(null);

  const onPick = useCallback(
    (key: string, choice: string | null) => onChange(withChoice(marksRef.current, key, choice)),
    [onChange],
  );
  const onComment = useCallback(
    (key: string, comment: string) => onChange(withComment(marksRef.current, key, comment)),
    [onChange],
  );
  const onToggle = useCallback((what: 'comment' | 'guidance', key: string) => {
    setOpen((o) => {
      const next = new Set(o[what]);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return { ...o, [what]: next };
    });
    if (what === 'comment') pendingComment.current = key;
  }, []);

  const rows = () => [...(listRef.current?.querySelectorAll<HTMLElement>('[data-criterion]') ?? [])];

  useEffect(() => {
    const key = pendingComment.current;
    if (key === null) return;
    pendingComment.current = null;
    const row = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-criterion]') ?? [])].find(
      (r) => r.dataset.criterion === key,
    );
    row?.querySelector<HTMLElement>('textarea')?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (!(event.target instanceof Element)) return;
    const row = event.target.closest<HTMLElement>('[data-criterion]');
    if (row === null) return;
    if (isTextField(event.target)) {
      if (event.key === 'Escape') {
        event.preventDefault();
        row.focus();
      }
      return;
    }
    const all = rows();
    const index = all.indexOf(row);
    const move = (by: number) => {
      event.preventDefault();
      all[index + by]?.focus();
    };
    if (event.key === 'ArrowDown' || event.key === 'j' || event.key === 'J') return move(1);
    if (event.key === 'ArrowUp' || event.key === 'k' || event.key === 'K') return move(-1);
    const criterion = definition.sections.flatMap((s) => s.criteria).find((c) => c.key === row.dataset.criterion);
    if (criterion === undefined) return;
    if (event.key === 'c' || event.key === 'C') {
      event.preventDefault();
      if (!disabled) {
        setOpen((o) => ({ ...o, comment: new Set(o.comment).add(criterion.key) }));
        pendingComment.current = criterion.key;
      }
      return;
    }
    if (event.key === 'g' || event.key === 'G') {
      event.preventDefault();
      onToggle('guidance', criterion.key);
      return;
    }
    const choice = choiceForKey(criterion, event.key);
    if (choice === undefined) return;
    event.preventDefault();
    if (disabled) return;
    onChange(withChoice(marks, criterion.key, choice));
    const next = all[index + 1];
    (next ?? row).focus();
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = event.target.closest<HTMLElement>('[data-criterion]');
    setFocusedKey(row?.dataset.criterion ?? null);
    if (row !== null && row === event.target) row.scrollIntoView?.({ block: 'nearest' });
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget))
      setFocusedKey(null);
  };

  const starts = definition.sections.map((_, i) =>
    definition.sections.slice(0, i).reduce((n, section) => n + section.criteria.length, 0),
  );
  const labelOf = (c: TScorecardCriterion) => (title === undefined ? c.name : `${title}: ${c.name}`);
  const cardProblem = problems[CARD_PROBLEM];
  return (
    <Stack gap={6} style={{ minHeight: 0 }}>
      {summary && (
        <Paper
          withBorder
          px="sm"
          py={6}
          radius="sm"
          component="section"
          aria-label={title === undefined ? 'Score' : `${title} score`}
          style={{ position: 'sticky', top: 0, zIndex: 2 }}
        >
          <ScorecardSummary definition={definition} marks={marks} title={title}>
            {summaryActions}
          </ScorecardSummary>
        </Paper>
      )}
      {cardProblem !== undefined && (
        <Text size="xs" c="red.8" role="alert">
          {cardProblem}
        </Text>
      )}
      <Box
        ref={listRef}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
        aria-label={title === undefined ? 'Criteria' : `${title} criteria`}
        role="region"
        data-scroll={maxHeight === undefined ? undefined : 'inside'}
        style={maxHeight === undefined ? undefined : { maxHeight, overflowY: 'auto', paddingRight: 4 }}
      >
        <Stack gap={8}>
          {definition.sections.map((section, sectionIndex) => (
            <Stack key={section.name} gap={4} component="section" aria-label={section.name}>
              <Group gap="xs" align="baseline">
                <Title order={3} size="h6">
                  {section.name}
                </Title>
                {definition.scoringMode === 'weighted' && section.weight !== null && (
                  <Text size="xs" c="dimmed">
                    weight {section.weight}
                  </Text>
                )}
              </Group>
              {section.criteria.map((criterion, i) => {
                const number = (starts[sectionIndex] ?? 0) + i + 1;
                return (
                  <CriterionRow
                    key={criterion.key}
                    criterion={criterion}
                    number={number}
                    mark={markOf(marks, criterion.key)}
                    label={labelOf(criterion)}
                    disabled={disabled}
                    problem={problems[criterion.key]}
                    note={notes?.[criterion.key]}
                    focused={focusedKey === criterion.key}
                    scrollMarginTop={rowScrollMargin?.top ?? ROW_SCROLL_MARGIN}
                    scrollMarginBottom={rowScrollMargin?.bottom ?? ROW_SCROLL_MARGIN}
                    commentOpen={open.comment.has(criterion.key)}
                    guidanceOpen={open.guidance.has(criterion.key)}
                    onPick={onPick}
                    onComment={onComment}
                    onToggle={onToggle}
                  />
                );
              })}
            </Stack>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
