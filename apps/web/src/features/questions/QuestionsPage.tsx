// /question (spec §2 Questions): every campaign's questions, search, Create Questions, edit links and delete with its rule count.
import { Link } from 'react-router';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { QUESTION_MESSAGES, type TQuestion } from '@crm/shared';
import { DataList, type DataListColumn } from '../../components/DataList.tsx';
import { confirmAction } from '../../components/confirm.tsx';
import { LOGIC_KEY } from '../logic/api.ts';
import { deleteQuestion, fetchDeleteImpact, fetchQuestionPage, QUESTION_LIST_KEY, QUESTIONS_KEY, searchQuestions } from './api.ts';
import { questionDeleteConfirmation, questionDeletedNotice } from './question-text.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';

const COLUMNS: DataListColumn<TQuestion>[] = [
  { key: 'qno', header: 'Qno', width: 56 },
  { key: 'title', header: 'Title' },
  { key: 'type', header: 'Type' },
  { key: 'options', header: 'Options', render: (q) => (q.options === '' ? '—' : <Text size="sm">{q.options}</Text>) },
  { key: 'optionalValue', header: 'Optional value' },
  { key: 'instruction', header: 'Instruction', render: (q) => (q.instruction === null ? '—' : <Text size="sm" lineClamp={2}>{q.instruction}</Text>) },
  { key: 'campaignId', header: 'Campaign' },
  {
    key: 'status',
    header: 'Status',
    width: 104,
    render: (q) => (
      <StatusBadge active={q.status} />
    ),
  },
];

export default function QuestionsPage() {
  const queryClient = useQueryClient();

  const remove = async (question: TQuestion) => {
    let rules: number;
    try {
      rules = await fetchDeleteImpact(question.id);
    } catch {
      return; // the API client has shown why
    }
    if (!(await confirmAction({ body: questionDeleteConfirmation(question.qno, rules) }))) return;
    let deletedRules: number;
    try {
      deletedRules = (await deleteQuestion(question.id)).deletedRules;
    } catch {
      return;
    }
    notifications.show({ color: 'green', title: QUESTION_MESSAGES.deleted, message: questionDeletedNotice(question.qno, question.campaignId, deletedRules) });
    await Promise.all([queryClient.invalidateQueries({ queryKey: QUESTIONS_KEY }), queryClient.invalidateQueries({ queryKey: LOGIC_KEY })]);
  };

  return (
    <Stack gap="lg">
      <Title order={1}>Questions</Title>
      <DataList
        label="Question List"
        queryKey={QUESTION_LIST_KEY}
        columns={COLUMNS}
        fetchPage={fetchQuestionPage}
        search={searchQuestions}
        rowKey={(q) => q.id}
        minWidth={960}
        toolbar={
          <Button component={Link} to="/createQuestions">
            Create Questions
          </Button>
        }
        actions={(q) => (
          <Group gap="sm" wrap="nowrap">
            <Anchor component={Link} to={`/editQuestion/${q.id}`} size="sm" aria-label={`Edit ${q.qno} of ${q.campaignId}`}>
              Edit
            </Anchor>
            <Button size="compact-sm" color="red" variant="subtle" aria-label={`Delete ${q.qno} of ${q.campaignId}`} onClick={() => void remove(q)}>
              Delete
            </Button>
          </Group>
        )}
      />
    </Stack>
  );
}
