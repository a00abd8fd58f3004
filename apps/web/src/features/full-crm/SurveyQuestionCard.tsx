// One question of the full CRM view, read-only: number, title, type, options as chips, instruction, optional value, status and its logic in words.
import { Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import { describeRule, parseOptions, type TLogicRule, type TQuestion } from '@crm/shared';
import { StatusBadge } from '../../components/StatusBadge.tsx';

type Props = { question: TQuestion; rules: readonly TLogicRule[]; byId: ReadonlyMap<number, TQuestion> };

export function SurveyQuestionCard({ question, rules, byId }: Props) {
  const options = parseOptions(question.options);
  return (
    <Paper withBorder p="md" component="article" aria-label={`${question.qno}. ${question.title}`} opacity={question.status ? 1 : 0.75}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="xs" align="baseline" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fw={700} style={{ flexShrink: 0 }}>
              {question.qno}.
            </Text>
            <Text fw={500}>{question.title}</Text>
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
                {o}
              </Badge>
            ))}
          </Group>
        )}
        {question.instruction !== null && (
          <Text size="sm">
            <Text span fw={500}>Instruction: </Text>
            {question.instruction}
          </Text>
        )}
        {question.optionalValue !== null && (
          <Text size="sm">
            <Text span fw={500}>Optional value: </Text>
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
