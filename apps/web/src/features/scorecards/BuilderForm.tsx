// The builder's fields of a draft: name, description, scoring mode, pass mark, auto-fail result, grade bands and the
// ordered sections (weight and its sum in weighted mode) with their criteria.
import { useMemo, type Dispatch } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { SCORECARD_LIMITS, type TAutoFailResult, type TScoringMode } from '@crm/shared';
import { confirmAction } from '../../components/confirm.tsx';
import { CriterionEditor } from './CriterionEditor.tsx';
import { fieldId, problemsUnder } from './draft-problems.ts';
import { sectionStarts, weightSum, type TDraft, type TDraftAction, type TSectionRow } from './scorecard-draft.ts';

type Props = {
  draft: TDraft;
  dispatch: Dispatch<TDraftAction>;
  /** Problems by field path (empty until the admin first saves). */
  problems: Readonly<Record<string, string>>;
};

export const AUTO_FAIL_LABELS: Record<TAutoFailResult, string> = {
  zeroTotal: 'The total becomes 0',
  failGrade: 'The lowest grade (the total stays)',
};

const NO_PROBLEMS: Readonly<Record<string, string>> = {};

function GradeBands({ draft, dispatch, problems }: Props) {
  return (
    <Stack gap={4} role="group" aria-label="Grade bands">
      <Text size="sm" fw={500}>
        Grade bands (a total from the lower bound up gets the grade; the lowest band takes every total below it)
      </Text>
      {draft.gradeBands.map((band, b) => (
        <Group key={band.id} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            id={fieldId(`gradeBands.${b}.name`)}
            aria-label={`Grade ${b + 1} name`}
            placeholder="Grade"
            size="xs"
            w={220}
            value={band.name}
            onChange={(e) => dispatch({ type: 'setBand', b, patch: { name: e.currentTarget.value } })}
            error={problems[`gradeBands.${b}.name`]}
          />
          <NumberInput
            id={fieldId(`gradeBands.${b}.from`)}
            aria-label={`Grade ${b + 1} from`}
            placeholder="From"
            size="xs"
            w={90}
            value={band.from}
            onChange={(from) => dispatch({ type: 'setBand', b, patch: { from } })}
            error={problems[`gradeBands.${b}.from`]}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={3}
            aria-label={`Remove grade ${b + 1}`}
            disabled={draft.gradeBands.length <= 1}
            onClick={() => dispatch({ type: 'removeBand', b })}
          >
            ✕
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="compact-xs"
          variant="light"
          disabled={draft.gradeBands.length >= SCORECARD_LIMITS.gradeBands}
          onClick={() => dispatch({ type: 'addBand' })}
        >
          Add grade band
        </Button>
      </Group>
    </Stack>
  );
}

function WeightSum({ draft }: { draft: TDraft }) {
  const sum = weightSum(draft);
  const ok = Math.abs(sum - 100) < 1e-6;
  return (
    <Group gap="xs">
      <Text size="sm">Section weights add up to</Text>
      <Badge color={ok ? 'green' : 'red'} variant="light" component="output" aria-label="Weight sum">
        {sum}
      </Badge>
      <Text size="sm" c={ok ? 'green.8' : 'red.8'}>
        {ok ? 'of 100: good' : 'they must add up to 100'}
      </Text>
    </Group>
  );
}

type TSectionProps = {
  section: TSectionRow;
  s: number;
  sections: number;
  /** The 1-based number of its first criterion in the whole scorecard. */
  firstNumber: number;
  weighted: boolean;
  dispatch: Dispatch<TDraftAction>;
  problems: Readonly<Record<string, string>>;
};

function SectionEditor({ section, s, sections, firstNumber, weighted, dispatch, problems }: TSectionProps) {
  const label = section.name.trim() || `Section ${s + 1}`;
  const mine = useMemo(() => problemsUnder(problems, `sections.${s}`), [problems, s]);
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0" component="section" aria-label={`Section ${s + 1}`}>
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <Title order={3} size="h5" pt={22} w={24}>
            {s + 1}
          </Title>
          <TextInput
            id={fieldId(`sections.${s}.name`)}
            label="Section name"
            size="xs"
            style={{ flex: 1 }}
            value={section.name}
            onChange={(e) => dispatch({ type: 'setSection', s, patch: { name: e.currentTarget.value } })}
            error={mine.name}
          />
          {weighted && (
            <NumberInput
              id={fieldId(`sections.${s}.weight`)}
              label="Weight"
              size="xs"
              w={90}
              min={0}
              max={100}
              value={section.weight}
              onChange={(weight) => dispatch({ type: 'setSection', s, patch: { weight } })}
              error={mine.weight}
            />
          )}
          <Group gap={2} pt={20} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={`Move section ${label} up`}
              disabled={s === 0}
              onClick={() => dispatch({ type: 'moveSection', s, by: -1 })}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Move section ${label} down`}
              disabled={s === sections - 1}
              onClick={() => dispatch({ type: 'moveSection', s, by: 1 })}
            >
              ↓
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove section ${label}`}
              onClick={() => {
                const filled = section.criteria.filter((c) => c.name.trim() !== '' || c.question.trim() !== '');
                if (filled.length === 0) {
                  dispatch({ type: 'removeSection', s });
                  return;
                }
                void confirmAction({
                  body: `Remove section "${label}" and its ${section.criteria.length} criteria from this draft?`,
                }).then((sure) => sure && dispatch({ type: 'removeSection', s }));
              }}
            >
              ✕
            </ActionIcon>
          </Group>
        </Group>
        {section.criteria.map((criterion, c) => {
          const first = s === 0 && c === 0;
          const last = s === sections - 1 && c === section.criteria.length - 1;
          return (
            <CriterionEditor
              key={criterion.id}
              criterion={criterion}
              s={s}
              c={c}
              number={firstNumber + c}
              canMoveUp={!first}
              canMoveDown={!last}
              problems={problemsFor(mine, c)}
              dispatch={dispatch}
            />
          );
        })}
        <Group>
          <Button size="compact-sm" variant="light" onClick={() => dispatch({ type: 'addCriterion', s })}>
            Add criterion to {label}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function problemsFor(sectionProblems: Readonly<Record<string, string>>, c: number): Readonly<Record<string, string>> {
  const found = problemsUnder(sectionProblems, `criteria.${c}`);
  return Object.keys(found).length === 0 ? NO_PROBLEMS : found;
}

export function BuilderForm({ draft, dispatch, problems }: Props) {
  const weighted = draft.scoringMode === 'weighted';
  const starts = sectionStarts(draft.sections);
  return (
    <Stack gap="md">
      <Group align="flex-start" grow>
        <TextInput
          id={fieldId('name')}
          label="Scorecard name"
          withAsterisk
          size="sm"
          value={draft.name}
          onChange={(e) => dispatch({ type: 'set', field: 'name', value: e.currentTarget.value })}
          error={problems.name}
        />
        <NumberInput
          id={fieldId('passMark')}
          label="Pass mark (total)"
          size="sm"
          value={draft.passMark}
          onChange={(value) => dispatch({ type: 'set', field: 'passMark', value })}
          error={problems.passMark}
        />
      </Group>
      <Textarea
        id={fieldId('description')}
        label="Description"
        size="sm"
        autosize
        minRows={1}
        maxRows={3}
        value={draft.description}
        onChange={(e) => dispatch({ type: 'set', field: 'description', value: e.currentTarget.value })}
        error={problems.description}
      />
      <Group align="flex-end" gap="lg">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="scoring-mode-label">
            Scoring mode
          </Text>
          <SegmentedControl
            aria-labelledby="scoring-mode-label"
            size="xs"
            value={draft.scoringMode}
            onChange={(value) => dispatch({ type: 'set', field: 'scoringMode', value: value as TScoringMode })}
            data={[
              { value: 'points', label: 'Points' },
              { value: 'weighted', label: 'Weighted sections' },
            ]}
          />
        </Stack>
        <NativeSelect
          label="An auto-fail choice makes"
          size="sm"
          w={260}
          value={draft.autoFailResult}
          onChange={(e) =>
            dispatch({ type: 'set', field: 'autoFailResult', value: e.currentTarget.value as TAutoFailResult })
          }
          data={Object.entries(AUTO_FAIL_LABELS).map(([value, label]) => ({ value, label }))}
        />
      </Group>
      <Text size="xs" c="dimmed">
        {weighted
          ? "Weighted: each section's marks as a share of its best marks, times its weight; the weights add up to 100."
          : 'Points: the marks of the scored criteria as a share of their best marks, × 100 (N/A left out of both).'}
      </Text>
      <GradeBands draft={draft} dispatch={dispatch} problems={problems} />
      {weighted && <WeightSum draft={draft} />}
      {draft.sections.map((section, s) => {
        return (
          <SectionEditor
            key={section.id}
            section={section}
            s={s}
            sections={draft.sections.length}
            firstNumber={(starts[s] ?? 0) + 1}
            weighted={weighted}
            dispatch={dispatch}
            problems={problems}
          />
        );
      })}
      <Group>
        <Button
          variant="light"
          disabled={draft.sections.length >= SCORECARD_LIMITS.sections}
          onClick={() => dispatch({ type: 'addSection' })}
        >
          Add section
        </Button>
      </Group>
    </Stack>
  );
}
