// One question of the full CRM view, read-only: number, title, type, options as chips, its "show only if" condition,
// instruction, optional value, status and its logic in words.
// Lead fields and earlier answers in the texts are highlighted (PlaceholderText).
import { Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import { describeRule, parseOptions, type TLogicRule, type TQuestion } from '@crm/shared';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { PlaceholderText } from './PlaceholderText.tsx';

/** `condition`: the question's "show only if" in words, when it has one. */
type Props = {
  question: TQuestion;
  rules: readonly TLogicRule[];
  byId: ReadonlyMap<number, TQuestion>;
  condition?: string | undefined;
};

export function SurveyQuestionCard({ question, rules, byId, condition }: Props) {
  const options = parseOptions(question.options);
  return (
    <Paper
      withBorder
      p="md"
      component="article"
      aria-label={`${question.qno}. ${question.title}`}
      opacity={question.status ? 1 : 0.75}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="xs" align="baseline" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fw={700} style={{ flexShrink: 0 }}>
              {question.qno}.
            </Text>
            <Text fw={500}>
              <PlaceholderText text={question.title} />
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Badge variant="outline" color="gray" tt="none">
              {question.type}
            </Badge>
            <StatusBadge active={question.status} />
          </Group>
        </Group>
        {options.length > 0 && (
          <Group gap={6} role="list" aria-label={`Options of ${question.qno}`}>
            {options.map((o) => (
              <Badge key={o} role="listitem" variant="light" tt="none" size="lg">
                <PlaceholderText text={o} />
              </Badge>
            ))}
          </Group>
        )}
        {condition !== undefined && (
          <Text size="sm" aria-label={`Condition of ${question.qno}`}>
            <Text span fw={500}>
              Show only if{' '}
            </Text>
            {condition}
          </Text>
        )}
        {question.instruction !== null && (
          <Text size="sm">
            <Text span fw={500}>
              Instruction:{' '}
            </Text>
            <PlaceholderText text={question.instruction} />
          </Text>
        )}
        {question.optionalValue !== null && (
          <Text size="sm">
            <Text span fw={500}>
              Optional value:{' '}
            </Text>
            {question.optionalValue}
          </Text>
        )}
        {rules.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              Logic
            </Text>
            <List size="sm" aria-label={`Logic of ${question.qno}`}>
              {rules.map((rule) => (
                <List.Item key={rule.id}>{describeRule(rule, byId)}</List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
