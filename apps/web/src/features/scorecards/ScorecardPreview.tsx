// Preview: the scorecard as the inspector will see it, scored by pointer or keyboard (1–9 pick a choice of the focused
// criterion, N is N/A where allowed, ↑/↓ or Tab move between criteria), comments where required, and a live total.
import { useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { TScorecardCriterion, TScorecardDefinition } from '@crm/shared';
import { sectionStarts } from './scorecard-draft.ts';
import { liveResult, needsComment, pickOfKey, withComment, withPick, type TPicks } from './preview-marks.ts';

export const PREVIEW_KEYS_NOTE =
  'Keys: 1–9 pick a choice of the focused criterion, N marks it N/A where allowed, ↑/↓ or Tab move between criteria.';

function LiveTotal({
  definition,
  picks,
  onReset,
}: {
  definition: TScorecardDefinition;
  picks: TPicks;
  onReset: () => void;
}) {
  const live = liveResult(definition, picks);
  const { result } = live;
  return (
    <Paper
      withBorder
      shadow="sm"
      px="sm"
      py={6}
      component="section"
      aria-label="Live total"
      style={{ position: 'sticky', top: 'calc(-1 * var(--mantine-spacing-sm))', zIndex: 2 }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap="md" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed">
              Total
            </Text>
            <Text component="output" aria-label="Preview total" fw={700} fz={20} lh={1}>
              {live.picked === 0 ? '—' : result.total}
            </Text>
          </Group>
          <Badge component="output" aria-label="Preview grade" variant="light" tt="none" size="md">
            {live.picked === 0 ? 'No grade yet' : result.grade}
          </Badge>
          <Badge
            component="output"
            aria-label="Preview result"
            color={live.picked === 0 ? 'gray' : result.passed ? 'green' : 'red'}
            tt="none"
            size="md"
          >
            {live.picked === 0
              ? 'Not scored'
              : result.autoFailed
                ? 'Fail (auto-fail)'
                : result.passed
                  ? 'Pass'
                  : 'Fail'}
          </Badge>
          <Text size="xs" c="dimmed">
            {live.picked} of {live.criteria} scored · {result.points} of {result.maxPoints} marks
          </Text>
        </Group>
        <Button size="compact-xs" variant="default" onClick={onReset} disabled={live.picked === 0}>
          Clear marks
        </Button>
      </Group>
      {live.picked > 0 && live.problems.length > 0 && (
        <Text size="xs" c="orange.8" mt={2} aria-label="Before it could be saved">
          Before a save: {live.problems.slice(0, 3).join(' · ')}
          {live.problems.length > 3 ? ` · and ${live.problems.length - 3} more` : ''}
        </Text>
      )}
    </Paper>
  );
}

type TCriterionProps = {
  criterion: TScorecardCriterion;
  number: number;
  picks: TPicks;
  onPick: (key: string, choice: string | null) => void;
  onComment: (key: string, comment: string) => void;
  onKey: (event: KeyboardEvent<HTMLDivElement>, index: number) => void;
  register: (index: number, element: HTMLDivElement | null) => void;
  index: number;
  focused: boolean;
  onFocusChange: (index: number | null) => void;
};

function PreviewCriterion(props: TCriterionProps) {
  const { criterion, number, picks, onPick, onComment, onKey, register, index, focused, onFocusChange } = props;
  const pick = picks[criterion.key];
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      tabIndex={0}
      role="group"
      aria-label={`${number}. ${criterion.name}`}
      ref={(element: HTMLDivElement | null) => register(index, element)}
      onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => onKey(event, index)}
      onFocus={() => onFocusChange(index)}
      onBlur={() => onFocusChange(null)}
      bg={focused ? 'blue.0' : undefined}
      style={{ outlineOffset: 2, borderColor: focused ? 'var(--mantine-color-blue-6)' : undefined }}
    >
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {number}. {criterion.name}
            </Text>
            <Text size="sm">{criterion.question}</Text>
            {criterion.guidance !== '' && (
              <Text size="xs" c="dimmed">
                {criterion.guidance}
              </Text>
            )}
          </Stack>
          <Group gap={6}>
            {criterion.choices.map((choice, i) => {
              const chosen = pick?.choice === choice.label;
              return (
                <Button
                  key={choice.label}
                  tabIndex={-1}
                  size="compact-sm"
                  variant={chosen ? 'filled' : 'default'}
                  color={criterion.autoFailChoice === choice.label ? 'red' : undefined}
                  aria-pressed={chosen}
                  onClick={() => onPick(criterion.key, choice.label)}
                >
                  {i < 9 ? `${i + 1} ` : ''}
                  {choice.label} ({choice.marks})
                </Button>
              );
            })}
            {criterion.allowNa && (
              <Button
                tabIndex={-1}
                size="compact-sm"
                variant={pick !== undefined && pick.choice === null ? 'filled' : 'default'}
                color="gray"
                aria-pressed={pick !== undefined && pick.choice === null}
                onClick={() => onPick(criterion.key, null)}
              >
                N N/A
              </Button>
            )}
          </Group>
        </Group>
        {needsComment(criterion, picks) && (
          <Textarea
            label="Comment (required below the best mark)"
            size="xs"
            autosize
            minRows={1}
            value={pick?.comment ?? ''}
            onChange={(e) => onComment(criterion.key, e.currentTarget.value)}
          />
        )}
      </Stack>
    </Paper>
  );
}

export function ScorecardPreview({ definition }: { definition: TScorecardDefinition }) {
  const [picks, setPicks] = useState<TPicks>({});
  const [focused, setFocused] = useState<number | null>(null);
  const boxes = useRef<(HTMLDivElement | null)[]>([]);
  const criteria = definition.sections.flatMap((s) => s.criteria);
  const onPick = (key: string, choice: string | null) => setPicks((p) => withPick(p, key, choice));
  const onComment = (key: string, comment: string) => setPicks((p) => withComment(p, key, comment));
  const onKey = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    // Typing a comment is typing, not scoring.
    if (event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      boxes.current[index + (event.key === 'ArrowDown' ? 1 : -1)]?.focus();
      return;
    }
    const criterion = criteria[index];
    const picked = criterion === undefined ? null : pickOfKey(criterion, event.key);
    if (criterion === undefined || picked === null) return;
    event.preventDefault();
    onPick(criterion.key, picked.choice);
  };
  const register = (index: number, element: HTMLDivElement | null) => {
    boxes.current[index] = element;
  };
  const starts = sectionStarts(definition.sections);
  return (
    <Stack gap="sm">
      <LiveTotal definition={definition} picks={picks} onReset={() => setPicks({})} />
      <Text size="xs" c="dimmed">
        {PREVIEW_KEYS_NOTE} Nothing here is saved.
      </Text>
      {definition.sections.map((section, s) => (
        <Stack key={section.name} gap={6} component="section" aria-label={`Preview of ${section.name}`}>
          <Title order={3} size="h5">
            {section.name}
            {definition.scoringMode === 'weighted' && section.weight !== null ? ` (weight ${section.weight})` : ''}
          </Title>
          {section.criteria.map((criterion, c) => {
            const index = (starts[s] ?? 0) + c;
            return (
              <PreviewCriterion
                key={criterion.key}
                criterion={criterion}
                number={index + 1}
                index={index}
                picks={picks}
                onPick={onPick}
                onComment={onComment}
                onKey={onKey}
                register={register}
                focused={focused === index}
                onFocusChange={(i) => setFocused((f) => (i === null && f !== index ? f : i))}
              />
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}

/** What the preview says while the draft has problems: it scores only a scorecard the server would take. */
export function PreviewBlocked({ problems }: { problems: readonly string[] }) {
  return (
    <Alert color="orange" title="The preview needs a scorecard without problems">
      <List size="sm">
        {problems.map((p) => (
          <List.Item key={p}>{p}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
