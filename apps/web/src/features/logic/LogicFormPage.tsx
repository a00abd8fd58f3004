// /setLogics and /updateLogics (docs/product.md §2 Logic): the question from ?data=, the campaign's other questions as targets, and the form.
import { Link, useSearchParams } from 'react-router';
import { Alert, Anchor, Badge, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { campaignQuestionsKey } from '../../app/query-keys.ts';
import { fetchCampaignQuestions } from '../../components/survey/survey-reads.ts';
import { fetchQuestionRules, questionRulesKey } from './api.ts';
import { logicRows, parseQuestionParam, type TLogicMode } from './logic-data.ts';
import { LogicForm } from './LogicForm.tsx';

const TITLES: Record<TLogicMode, string> = { set: 'Set Logic', update: 'Update Logic' };

function QuestionLogicForm({
  mode,
  questionId,
  campaignName,
}: {
  mode: TLogicMode;
  questionId: number;
  campaignName: string;
}) {
  const questions = useQuery({
    queryKey: campaignQuestionsKey(campaignName),
    queryFn: () => fetchCampaignQuestions(campaignName),
    staleTime: 0,
  });
  // Set starts empty; Update starts from the question's current rules.
  const rules = useQuery({
    queryKey: questionRulesKey(questionId),
    queryFn: () => fetchQuestionRules(questionId),
    enabled: mode === 'update',
    staleTime: 0,
  });

  if (questions.isPending || (mode === 'update' && rules.isPending))
    return (
      <Center py="xl">
        <Loader aria-label="Loading question" />
      </Center>
    );
  if (questions.isError)
    return (
      <Alert color="red" title="The campaign's questions could not be loaded">
        {questions.error.message}
      </Alert>
    );
  if (rules.isError)
    return (
      <Alert color="red" title="The question's logic could not be loaded">
        {rules.error.message}
      </Alert>
    );

  // The stored question, not the copy in the address: its options may have changed since the link was made.
  const question = questions.data.find((q) => q.id === questionId);
  const back = `/logicManagement/${encodeURIComponent(campaignName)}`;
  if (question === undefined) {
    return (
      <Alert color="red" title="This question no longer exists">
        <Anchor component={Link} to={back}>
          Back to Logic management
        </Anchor>
      </Alert>
    );
  }
  const targets = questions.data.filter((q) => q.id !== question.id);
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Group gap="xs">
          <Text fw={700}>{question.qno}</Text>
          <Text fw={500}>{question.title}</Text>
          <Badge variant="outline" color="gray" tt="none">
            {question.type}
          </Badge>
          {!question.status && <Badge color="gray">Inactive</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          Campaign: {question.campaignId}
        </Text>
      </Paper>
      <LogicForm
        key={question.id}
        mode={mode}
        question={question}
        targets={targets}
        initialRows={logicRows(question, rules.data ?? [])}
      />
    </Stack>
  );
}

export function LogicFormPage({ mode }: { mode: TLogicMode }) {
  const [params] = useSearchParams();
  const parsed = parseQuestionParam(params.get('data'));
  return (
    <Stack gap="lg" maw={1000}>
      <Title order={1}>{TITLES[mode]}</Title>
      {parsed.ok ? (
        <QuestionLogicForm mode={mode} questionId={parsed.question.id} campaignName={parsed.question.campaignId} />
      ) : (
        <Alert color="red" title="No question to set logic for" role="alert">
          <Stack gap="xs">
            <Text size="sm">{parsed.message}</Text>
            <Anchor component={Link} to="/logicSetting" size="sm">
              Go to Logic Setting
            </Anchor>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
