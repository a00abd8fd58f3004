// /deleteLeads (docs/product.md §2 Leads, §4, §8): campaign, then data date; the confirmation says how many leads go and how
// many of them have survey answers. Success goes to /leads.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LEAD_MESSAGES, type TLeadDateSummary } from '@crm/shared';
import { confirmAction } from '../../components/confirm.tsx';
import { DASHBOARD_KEY } from '../../app/query-keys.ts';
import { LEADS_KEY } from './api.ts';
import { deleteLeadsOfDate } from './lead-actions-api.ts';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import {
  ActionNotice,
  DataDateField,
  LeadActionFrame,
  NO_LEAD_CAMPAIGN,
  SummaryGate,
  useDateSummary,
} from './lead-actions-fields.tsx';
import { NO_CHOICE } from './lead-actions-form.ts';
import { countOf, deleteConfirmText, summaryText, type TActionNotice, type TLeadChoice } from './lead-actions.ts';

export default function DeleteLeadsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<TLeadChoice>(NO_CHOICE);
  const [notice, setNotice] = useState<TActionNotice | null>(null);
  const summary = useDateSummary(choice);

  const mutation = useMutation({
    mutationFn: ({ campaign, dataDate }: TLeadChoice) => deleteLeadsOfDate(campaign, dataDate),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: LEAD_MESSAGES.deleted });
      void Promise.all([LEADS_KEY, DASHBOARD_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await navigate('/leads');
    },
    onError: (error) => {
      notifications.show({ color: 'red', title: LEAD_MESSAGES.deleteFailed, message: error.message, autoClose: 8000 });
      setNotice({ tone: 'error', title: LEAD_MESSAGES.deleteFailed, message: error.message });
    },
  });

  const choose = (next: TLeadChoice) => {
    setChoice(next);
    setNotice(null);
  };

  const remove = async (figures: TLeadDateSummary) => {
    if (mutation.isPending) return;
    setNotice(null);
    if (await confirmAction({ body: deleteConfirmText(choice, figures) })) mutation.mutate(choice);
  };

  return (
    <LeadActionFrame title="Delete leads" cardTitle="Delete a day's leads">
      <Stack gap="md">
        <CampaignSelect
          offer="withDataTable"
          emptyText={NO_LEAD_CAMPAIGN}
          value={choice.campaign}
          onChange={(campaign) => choose({ campaign, dataDate: '' })}
          disabled={mutation.isPending}
        />
        {choice.campaign !== '' && (
          <DataDateField
            campaign={choice.campaign}
            value={choice.dataDate}
            onChange={(dataDate) => choose({ ...choice, dataDate })}
            disabled={mutation.isPending}
          />
        )}
        {choice.dataDate !== '' && (
          <SummaryGate summary={summary}>
            {(figures) => (
              <Stack gap="md">
                <Text size="sm" role="status">
                  {summaryText(figures)}; {countOf(figures.withAnswers, 'lead has', 'leads have')} survey answers.
                </Text>
                <ActionNotice notice={notice} />
                <Group justify="flex-end">
                  <Button color="red" loading={mutation.isPending} onClick={() => void remove(figures)}>
                    Delete
                  </Button>
                </Group>
              </Stack>
            )}
          </SummaryGate>
        )}
      </Stack>
    </LeadActionFrame>
  );
}
