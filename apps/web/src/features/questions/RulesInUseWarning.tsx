// The edit screen's warning when removed options still have logic rules of this question: the rules in words, "Save anyway" or "Cancel".
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { describeRule, type TLogicRule, type TQuestion } from '@crm/shared';
import { campaignQuestionsKey, fetchCampaignQuestions } from './api.ts';

type Props = {
  question: TQuestion;
  message: string;
  rules: readonly TLogicRule[];
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function RulesInUseWarning({ question, message, rules, saving, onConfirm, onCancel }: Props) {
  // The rules name their targets by id; the campaign's questions turn those into Q-numbers.
  const questions = useQuery({
    queryKey: campaignQuestionsKey(question.campaignId),
    queryFn: () => fetchCampaignQuestions(question.campaignId),
  });
  const byId = new Map((questions.data ?? []).map((q) => [q.id, q]));

  return (
    <Alert color="yellow" variant="light" role="alert" title={message}>
      <Stack gap="sm">
        <List size="sm" aria-label="Rules that will be deleted">
          {rules.map((rule) => (
            <List.Item key={rule.id}>{describeRule(rule, byId)}</List.Item>
          ))}
        </List>
        <Text size="sm">Saving anyway deletes these rules together with the options.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button color="yellow" onClick={onConfirm} loading={saving}>
            Save anyway
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
