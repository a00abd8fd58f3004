// /question (docs/product.md §2 Questions): every campaign's questions or one campaign's (?campaign=), search, Create Questions,
// edit links and delete with its rule count.
import { Link, useSearchParams } from 'react-router';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { QUESTION_MESSAGES, type TQuestion } from '@crm/shared';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { DataList, type DataListColumn } from '../../components/DataList.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useDeleteRow } from '../../components/use-delete-row.ts';
import { LOGIC_KEY } from '../../app/query-keys.ts';
import {
  deleteQuestion,
  fetchDeleteImpact,
  fetchQuestionPage,
  QUESTION_LIST_KEY,
  QUESTIONS_KEY,
  searchQuestions,
} from './api.ts';
import { questionDeleteConfirmation, questionDeletedNotice } from './question-text.ts';

const COLUMNS: DataListColumn<TQuestion>[] = [
  { key: 'qno', header: 'Qno', width: 56 },
  { key: 'title', header: 'Title' },
  { key: 'type', header: 'Type' },
  { key: 'options', header: 'Options', render: (q) => (q.options === '' ? '—' : <Text size="sm">{q.options}</Text>) },
  { key: 'optionalValue', header: 'Optional value' },
  {
    key: 'instruction',
    header: 'Instruction',
    render: (q) =>
      q.instruction === null ? (
        '—'
      ) : (
        <Text size="sm" lineClamp={2}>
          {q.instruction}
        </Text>
      ),
  },
  { key: 'campaignId', header: 'Campaign' },
  {
    key: 'status',
    header: 'Status',
    width: 104,
    render: (q) => <StatusBadge active={q.status} />,
  },
];

/** The search's matches within the chosen campaign (the server's search looks in every campaign). */
async function searchWithin(campaign: string, term: string): Promise<TQuestion[]> {
  const found = await searchQuestions(term);
  return campaign === '' ? found : found.filter((q) => q.campaignId.toLowerCase() === campaign.toLowerCase());
}

export default function QuestionsPage() {
  const [params, setParams] = useSearchParams();
  const campaign = params.get('campaign') ?? '';
  const remove = useDeleteRow<TQuestion, number>({
    // The confirmation says how many logic rules go with the question; a failed read stops the delete there.
    confirmBody: async (q) => {
      const impact = await fetchDeleteImpact(q.id);
      return questionDeleteConfirmation(q.qno, impact.rules, impact.conditions);
    },
    remove: async (q) => (await deleteQuestion(q.id)).deletedRules,
    notice: (q, deletedRules) => ({
      title: QUESTION_MESSAGES.deleted,
      message: questionDeletedNotice(q.qno, q.campaignId, deletedRules),
    }),
    reload: [QUESTIONS_KEY, LOGIC_KEY],
  });

  return (
    <Stack gap="lg">
      <Title order={1}>Questions</Title>
      <DataList
        // A new campaign starts the list again at its first page.
        key={campaign}
        label="Question List"
        queryKey={[...QUESTION_LIST_KEY, campaign]}
        columns={COLUMNS}
        fetchPage={(page, size) => fetchQuestionPage(page, size, campaign)}
        search={(term) => searchWithin(campaign, term)}
        rowKey={(q) => q.id}
        minWidth={960}
        toolbar={
          <Group gap="sm" align="flex-end">
            <CampaignSelect
              allLabel="All campaigns"
              w={240}
              value={campaign}
              onChange={(name) => setParams(name === '' ? {} : { campaign: name }, { replace: true })}
            />
            <Button component={Link} to="/createQuestions">
              Create Questions
            </Button>
          </Group>
        }
        actions={(q) => (
          <Group gap="sm" wrap="nowrap">
            <Anchor
              component={Link}
              to={`/editQuestion/${q.id}`}
              size="sm"
              aria-label={`Edit ${q.qno} of ${q.campaignId}`}
            >
              Edit
            </Anchor>
            <Button
              size="compact-sm"
              color="red"
              variant="subtle"
              aria-label={`Delete ${q.qno} of ${q.campaignId}`}
              onClick={() => void remove(q)}
            >
              Delete
            </Button>
          </Group>
        )}
      />
    </Stack>
  );
}
