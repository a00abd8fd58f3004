// /logicManagement/:campaignName (docs/product.md §2 Logic, §4): the campaign's questions with their rules in words; set, update or clear them.
// A second tab holds the campaign's quotas on completed calls (docs/guide/quotas.md).
import { useState, type ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { describeRule, findEndlessLoops, LOGIC_MESSAGES, type TQuestion } from '@crm/shared';
import { confirmAction } from '../../components/confirm.tsx';
import { ALL_DATA_TABLES_KEY, fetchAllDataTables } from '../../components/campaign-options.ts';
import { clearLogic, LOGIC_KEY } from './api.ts';
import { ConditionModal } from './ConditionModal.tsx';
import { campaignConditionsKey } from './conditions-api.ts';
import { logicFormPath } from './logic-data.ts';
import { loopText } from './logic-text.ts';
import { useCampaignSurvey, type TCampaignSurvey } from '../../components/survey/use-campaign-survey.ts';

function LoopWarning({ survey }: { survey: TCampaignSurvey }) {
  const loops = findEndlessLoops(survey.questions, survey.rules);
  if (loops.length === 0) return null;
  return (
    <Alert color="orange" variant="light" role="alert" title="The survey can get stuck">
      <Stack gap={4}>
        {loops.map((loop) => (
          <Text key={loop.join('-')} size="sm">
            {LOGIC_MESSAGES.endlessLoop} {loopText(loop, survey.byId)}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

type QuestionLogicProps = {
  question: TQuestion;
  survey: TCampaignSurvey;
  onClear: (q: TQuestion) => void;
  onCondition: (q: TQuestion) => void;
};

function QuestionLogic({ question, survey, onClear, onCondition }: QuestionLogicProps) {
  const rules = survey.rulesOf(question.id);
  const condition = survey.conditionOf(question.id);
  return (
    <Paper withBorder p="md" component="section" aria-label={question.qno}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700}>{question.qno}</Text>
            <Text fw={500}>{question.title}</Text>
            <Badge variant="outline" color="gray" tt="none">
              {question.type}
            </Badge>
            {!question.status && (
              <Badge color="gray" variant="filled">
                Inactive: the survey skips it
              </Badge>
            )}
          </Group>
          {question.options !== '' && (
            <Text size="sm" c="dimmed">
              Options: {question.options}
            </Text>
          )}
          {condition && (
            <Text size="sm" aria-label={`Condition of ${question.qno}`}>
              <Text span fw={600}>
                Show only if
              </Text>{' '}
              {condition.words}
            </Text>
          )}
          {rules.length === 0 ? (
            <Text size="sm" c="dimmed">
              No logic: the survey goes on to the next question.
            </Text>
          ) : (
            <List size="sm" aria-label={`Logic of ${question.qno}`}>
              {rules.map((rule) => (
                <List.Item key={rule.id}>{describeRule(rule, survey.byId)}</List.Item>
              ))}
            </List>
          )}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            onClick={() => onCondition(question)}
            aria-label={`${condition ? 'Edit' : 'Set'} condition of ${question.qno}`}
          >
            {condition ? 'Edit condition' : 'Set condition'}
          </Button>
          {rules.length === 0 ? (
            <Button
              size="xs"
              component={Link}
              to={logicFormPath('set', question)}
              aria-label={`Set Logic of ${question.qno}`}
            >
              Set Logic
            </Button>
          ) : (
            <>
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={logicFormPath('update', question)}
                aria-label={`Update Logic of ${question.qno}`}
              >
                Update Logic
              </Button>
              <Button
                size="xs"
                color="red"
                variant="subtle"
                onClick={() => onClear(question)}
                aria-label={`Clear Logics of ${question.qno}`}
              >
                Clear Logics
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** The quotas area's panel (features/quotas), given by app/pages.tsx, which puts the two areas on this screen. */
export type TQuotasPanel = ComponentType<{ campaignName: string; questions: TQuestion[] }>;

export default function LogicManagementPage({ QuotasPanel }: { QuotasPanel: TQuotasPanel }) {
  const campaignName = useParams().campaignName ?? '';
  const queryClient = useQueryClient();
  const { survey, pending, error, refetch } = useCampaignSurvey(campaignName);
  const [editing, setEditing] = useState<TQuestion | null>(null);
  // The campaign's own columns: lead fields a condition may compare.
  const tables = useQuery({ queryKey: ALL_DATA_TABLES_KEY, queryFn: fetchAllDataTables });
  const columns = tables.data?.find((t) => t.campaignName.toLowerCase() === campaignName.toLowerCase())?.columns ?? [];

  const clear = async (question: TQuestion) => {
    const body = `Do you really want to clear the logic of ${question.qno} (${question.title})? The survey will go on to the next question after it.`;
    if (!(await confirmAction({ body }))) return;
    try {
      await clearLogic(question.id);
    } catch {
      return; // the API client has shown why
    }
    notifications.show({ color: 'green', message: LOGIC_MESSAGES.cleared });
    await queryClient.invalidateQueries({ queryKey: LOGIC_KEY });
  };

  let body;
  if (pending)
    body = (
      <Center py="xl">
        <Loader aria-label="Loading questions" />
      </Center>
    );
  else if (error !== null) {
    body = (
      <Alert color="red" title="The questions could not be loaded">
        <Group justify="space-between">
          <Text size="sm">{error.message}</Text>
          <Button size="xs" color="red" variant="light" onClick={() => void refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  } else if (survey === undefined || survey.questions.length === 0) {
    body = (
      <Text c="dimmed">
        This campaign has no questions yet.{' '}
        <Anchor component={Link} to="/createQuestions">
          Create questions
        </Anchor>{' '}
        first.
      </Text>
    );
  } else {
    body = (
      <Stack gap="sm">
        <LoopWarning survey={survey} />
        {survey.questions.map((q) => (
          <QuestionLogic
            key={q.id}
            question={q}
            survey={survey}
            onClear={(x) => void clear(x)}
            onCondition={setEditing}
          />
        ))}
        {editing && (
          <ConditionModal
            question={editing}
            questions={survey.questions}
            columns={columns}
            current={survey.conditionOf(editing.id)}
            onClose={() => setEditing(null)}
            onSaved={(saved) => {
              queryClient.setQueryData(campaignConditionsKey(campaignName), saved);
              setEditing(null);
            }}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Text c="dimmed" size="sm">
            Logic management
          </Text>
          <Title order={1}>{campaignName}</Title>
        </Stack>
        <Group gap="md">
          <Anchor component={Link} to={`/viewFullCRM?campaignName=${encodeURIComponent(campaignName)}`} size="sm">
            View Full CRM
          </Anchor>
          <Anchor component={Link} to="/logicSetting" size="sm">
            Back to Logic Setting
          </Anchor>
        </Group>
      </Group>
      <Tabs defaultValue="logic" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="logic">Logic</Tabs.Tab>
          <Tabs.Tab value="quotas">Quotas</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="logic" pt="md">
          {body}
        </Tabs.Panel>
        <Tabs.Panel value="quotas" pt="md">
          <QuotasPanel campaignName={campaignName} questions={survey?.questions ?? []} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
