// /generateLead (docs/product.md §2 Leads, §4, §8): campaign first, then the data date, then one target per selector
// (or all fresh leads of the date, confirmed with their count); success goes to /leads. Beside it, once a date is
// chosen, its generated leads are sent to the dialer (docs/dialer-sends.md). The campaign's quotas show under the form
// (docs/quotas.md).
import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LEAD_MESSAGES } from '@crm/shared';
import { DASHBOARD_KEY } from '../dashboard/api.ts';
import { DialerSendCard } from '../dialer/DialerSendCard.tsx';
import { LEADS_KEY } from './api.ts';
import { generateLeads } from './lead-actions-api.ts';
import { LeadActionFrame, useDateSummary } from './lead-actions-fields.tsx';
import { useTargetForm } from './lead-actions-form.ts';
import { LeadTargetsForm } from './lead-actions-targets.tsx';
import { CampaignQuotas } from './lead-actions-quotas.tsx';
import { countOf, generateAllConfirmText, withHeldBack } from './lead-actions.ts';

export default function GenerateLeadPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useTargetForm();
  const summary = useDateSummary(form.choice);
  const { campaign, dataDate } = form.choice;

  const mutation = useMutation({
    mutationFn: generateLeads,
    onSuccess: async ({ count: rowsUpdated, heldBack }) => {
      void Promise.all([LEADS_KEY, DASHBOARD_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      // docs/product.md §8: a missing count reads as none generated.
      if (rowsUpdated === null || rowsUpdated === 0) {
        const message = withHeldBack(LEAD_MESSAGES.noneGenerated, heldBack);
        notifications.show({ color: 'yellow', message });
        form.setNotice({ tone: 'warning', message });
        return;
      }
      notifications.show({ color: 'green', message: withHeldBack(LEAD_MESSAGES.generated(rowsUpdated), heldBack) });
      await navigate('/leads');
    },
    onError: (error) => form.showFailure(LEAD_MESSAGES.generateFailed, error),
  });

  return (
    <LeadActionFrame
      title="Generate leads"
      cardTitle="Generate a day's call list"
      // The chosen date's generated leads go to the dialer from here; a new choice starts the card afresh.
      aside={campaign !== '' && dataDate !== '' ? <DialerSendCard key={`${campaign}\n${dataDate}`} campaignName={campaign} date={dataDate} /> : undefined}
    >
      <LeadTargetsForm
        mode="generate"
        form={form}
        summary={summary}
        pending={mutation.isPending}
        allLabel="Generate all fresh leads of this date"
        allDescription={(figures) => `Every fresh lead of the date, ${countOf(figures.fresh, 'lead', 'leads')} in all, whatever the targets say.`}
        submitLabel="Generate"
        nothingToDo={(figures) => (figures.fresh === 0 ? 'Every lead of this date is generated already: there is nothing left to generate.' : null)}
        onSubmit={(figures) => void form.submit(figures, generateAllConfirmText, mutation.mutate)}
      />
      <CampaignQuotas campaign={campaign} />
    </LeadActionFrame>
  );
}
