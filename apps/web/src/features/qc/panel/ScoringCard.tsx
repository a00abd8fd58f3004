// "QC Rating": the agent scored, the 14 criteria limited to their scales (hints shown) for "Marks 1" (in-house) and
// "Marks 2" (client) side by side, the three texts of each, the live total and grade, and Submit.
import { memo } from 'react';
import { Alert, Badge, Button, Group, List, NativeSelect, Paper, SegmentedControl, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { QC_CRITERIA, type TQcCriterion, type TQcCriterionKey } from '@crm/shared';
import type { TScorableAgent } from './api.ts';
import { COLUMNS, columnResult, EAS_CHOICES, gradeColour, type TColumnKey, type TColumnText } from './scorecard.ts';
import type { TSubmitProgress } from './submit-qc.ts';
import type { TColumns } from './use-qc-panel.ts';

export const DEFAULTS_NOTE = 'Each criterion starts at its best mark (a total of 100): choose the lower mark for each one the agent missed.';

type TOnScore = (key: TColumnKey, criterion: TQcCriterionKey, marks: number) => void;
type TOnText = (key: TColumnKey, field: TColumnText, value: string) => void;

type TAgentsState = { data: TScorableAgent[] | undefined; error: Error | null; pending: boolean; reload: () => void };

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
  /** What submitting does with the recording (the tick's state, in words). */
  linkNote: string;
  submitting: boolean;
  problems: string[];
  onSubmit: () => void;
};

const KEYS: readonly TColumnKey[] = ['inHouse', 'client'];

function savedId(progress: TSubmitProgress, key: TColumnKey): number | null {
  return key === 'inHouse' ? (progress.inHouse?.id ?? null) : (progress.client?.id ?? null);
}

type TRowProps = { criterion: TQcCriterion; marks: Record<TColumnKey, number>; locked: Record<TColumnKey, boolean>; onScore: TOnScore };

const CriterionRow = memo(function CriterionRow({ criterion, marks, locked, onScore }: TRowProps) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        <Text size="sm" fw={600}>
          {criterion.name}
        </Text>
        <Text size="xs" c="dimmed">
          {criterion.hint}
        </Text>
      </Table.Th>
      {KEYS.map((key) => (
        <Table.Td key={key}>
          <SegmentedControl
            size="xs"
            fullWidth
            aria-label={`${COLUMNS[key].title}: ${criterion.name}`}
            disabled={locked[key]}
            value={String(marks[key])}
            onChange={(value) => onScore(key, criterion.key, Number(value))}
            data={criterion.scale.map((choice) => ({ value: String(choice.marks), label: `${choice.label} (${choice.marks})` }))}
          />
        </Table.Td>
      ))}
    </Table.Tr>
  );
}, (a, b) => a.criterion === b.criterion && a.onScore === b.onScore && KEYS.every((k) => a.marks[k] === b.marks[k] && a.locked[k] === b.locked[k]));

function AgentPicker({ agents, agentId, agentError, onAgent }: Pick<Props, 'agents' | 'agentId' | 'agentError' | 'onAgent'>) {
  const data = (agents.data ?? []).map((a) => ({ value: a.agentId, label: `${a.name} (${a.agentId})` }));
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label="Agent"
        withAsterisk
        searchable
        w={340}
        placeholder={agents.pending ? 'Loading agents…' : 'Choose the agent'}
        nothingFoundMessage="No such agent"
        data={data}
        value={agentId === '' ? null : agentId}
        onChange={(value) => onAgent(value ?? '')}
        error={agentError ?? (agents.error === null ? undefined : `The agents could not be loaded: ${agents.error.message}`)}
      />
      {agents.error !== null && (
        <Button variant="light" onClick={agents.reload}>
          Reload agents
        </Button>
      )}
    </Group>
  );
}

function TextRows({ columns, locked, onText }: { columns: TColumns; locked: Record<TColumnKey, boolean>; onText: TOnText }) {
  const title = (key: TColumnKey) => COLUMNS[key].title;
  return (
    <>
      <Table.Tr>
        <Table.Th scope="row">Fatal reason</Table.Th>
        {KEYS.map((key) => (
          <Table.Td key={key}>
            <TextInput aria-label={`${title(key)} fatal reason`} disabled={locked[key]} value={columns[key].fatalReason} onChange={(e) => onText(key, 'fatalReason', e.currentTarget.value)} />
          </Table.Td>
        ))}
      </Table.Tr>
      <Table.Tr>
        <Table.Th scope="row">EAS voice matched with report?</Table.Th>
        {KEYS.map((key) => (
          <Table.Td key={key}>
            <NativeSelect
              aria-label={`${title(key)} EAS voice matched with report`}
              disabled={locked[key]}
              value={columns[key].easVoiceMatched}
              data={[{ value: '', label: 'Not checked' }, ...EAS_CHOICES]}
              onChange={(e) => onText(key, 'easVoiceMatched', e.currentTarget.value)}
            />
          </Table.Td>
        ))}
      </Table.Tr>
      <Table.Tr>
        <Table.Th scope="row">Suggestion</Table.Th>
        {KEYS.map((key) => (
          <Table.Td key={key}>
            <Textarea
              aria-label={`${title(key)} suggestion`}
              autosize
              minRows={2}
              maxRows={6}
              disabled={locked[key]}
              value={columns[key].suggestion}
              onChange={(e) => onText(key, 'suggestion', e.currentTarget.value)}
            />
          </Table.Td>
        ))}
      </Table.Tr>
    </>
  );
}

function ResultRows({ columns }: { columns: TColumns }) {
  const results: Record<TColumnKey, ReturnType<typeof columnResult>> = { inHouse: columnResult(columns.inHouse), client: columnResult(columns.client) };
  return (
    <>
      <Table.Tr>
        <Table.Th scope="row">Total</Table.Th>
        {KEYS.map((key) => (
          <Table.Td key={key}>
            <Text component="output" fw={700} size="lg" aria-label={`${COLUMNS[key].title} total`}>
              {results[key].total}
            </Text>
          </Table.Td>
        ))}
      </Table.Tr>
      <Table.Tr>
        <Table.Th scope="row">Agent grade</Table.Th>
        {KEYS.map((key) => (
          <Table.Td key={key}>
            <Badge component="output" size="lg" variant="light" tt="none" color={gradeColour(results[key].grade)} aria-label={`${COLUMNS[key].title} grade`}>
              {results[key].grade}
            </Badge>
          </Table.Td>
        ))}
      </Table.Tr>
    </>
  );
}

function scoresOf(columns: TColumns, criterion: TQcCriterionKey): Record<TColumnKey, number> {
  return { inHouse: columns.inHouse.scores[criterion], client: columns.client.scores[criterion] };
}

export function ScoringCard(props: Props) {
  const { columns, onScore, onText, onCopy, progress, linkNote, submitting, problems, onSubmit } = props;
  const locked: Record<TColumnKey, boolean> = { inHouse: savedId(progress, 'inHouse') !== null, client: savedId(progress, 'client') !== null };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="QC Rating">
      <Stack gap="sm">
        <Title order={2} size="h4">
          QC Rating
        </Title>
        <AgentPicker {...props} />
        <Text size="sm" c="dimmed">
          {DEFAULTS_NOTE}
        </Text>
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing={6} withColumnBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="26%">Quality Criteria</Table.Th>
                {KEYS.map((key) => {
                  const id = savedId(progress, key);
                  return (
                    <Table.Th key={key}>
                      {COLUMNS[key].title}{' '}
                      <Text span size="xs" c="dimmed">
                        ({COLUMNS[key].note})
                      </Text>
                      {id !== null && (
                        <Badge ml="xs" size="sm" color="green" variant="light">
                          Saved as record #{id}
                        </Badge>
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {QC_CRITERIA.map((criterion) => (
                <CriterionRow key={criterion.key} criterion={criterion} marks={scoresOf(columns, criterion.key)} locked={locked} onScore={onScore} />
              ))}
              <TextRows columns={columns} locked={locked} onText={onText} />
              <ResultRows columns={columns} />
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" c="dimmed">
          {linkNote}
        </Text>
        {problems.length > 0 && (
          <Alert color="red" variant="light" title="The report was not submitted completely" role="alert">
            <List size="sm">
              {problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
            <Text size="sm" mt="xs">
              Submit again to finish: what was saved is not saved twice.
            </Text>
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onCopy} disabled={locked.client || submitting}>
            Copy Marks 1 to Marks 2
          </Button>
          <Button onClick={onSubmit} loading={submitting} disabled={submitting}>
            Submit
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
