// /generateLead (docs/product.md §2 Leads, §4, §8): campaign first, then the data date, then one target per selector
// (or all fresh leads of the date, confirmed with their count); success says how many and stays, so the card beside it
// sends the date's generated leads to the dialer in one click (docs/guide/dialer.md). The campaign's quotas show under
// the form (docs/guide/quotas.md).
import type { ComponentType } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LEAD_MESSAGES } from '@crm/shared';
import { DASHBOARD_KEY, DIALER_KEY } from '../../app/query-keys.ts';
import { LEADS_KEY } from './api.ts';
import { generateLeads } from './lead-actions-api.ts';
import { LeadActionFrame, useDateSummary } from './lead-actions-fields.tsx';
import { useTargetForm } from './lead-actions-form.ts';
import { LeadTargetsForm } from './lead-actions-targets.tsx';
import { CampaignQuotas } from './lead-actions-quotas.tsx';
import { countOf, generateAllConfirmText, withHeldBack } from './lead-actions.ts';

/** The dialer's send card (features/dialer), given by app/pages.tsx, which puts the two areas on this screen. */
export type TSendCard = ComponentType<{ campaignName: string; date: string }>;

export default function GenerateLeadPage({ SendCard }: { SendCard: TSendCard }) {
  const queryClient = useQueryClient();
  const form = useTargetForm();
  const summary = useDateSummary(form.choice);
  const { campaign, dataDate } = form.choice;

  const mutation = useMutation({
    mutationFn: generateLeads,
    onSuccess: ({ count: rowsUpdated, heldBack }) => {
      // The send card's "not sent yet" count (under DIALER_KEY) grows with the leads just generated.
      void Promise.all(
        [LEADS_KEY, DASHBOARD_KEY, DIALER_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      // docs/product.md §8: a missing count reads as none generated.
      if (rowsUpdated === null || rowsUpdated === 0) {
        const message = withHeldBack(LEAD_MESSAGES.noneGenerated, heldBack);
        notifications.show({ color: 'yellow', message });
        form.setNotice({ tone: 'warning', message });
        return;
      }
      const message = withHeldBack(LEAD_MESSAGES.generated(rowsUpdated), heldBack);
      notifications.show({ color: 'green', message });
      // The page stays with the campaign and date chosen: the count stays on the card, the targets used are cleared
      // (a second Generate is a new choice), and Send to dialer beside it sends them.
      form.clearTargets();
      form.setNotice({ tone: 'success', message });
    },
    onError: (error) => form.showFailure(LEAD_MESSAGES.generateFailed, error),
  });

  return (
    <LeadActionFrame
      title="Generate leads"
      cardTitle="Generate a day's call list"
      // The chosen date's generated leads go to the dialer from here; a new choice starts the card afresh.
      aside={
        campaign !== '' && dataDate !== '' ? (
          <SendCard key={`${campaign}\n${dataDate}`} campaignName={campaign} date={dataDate} />
        ) : undefined
      }
    >
      <LeadTargetsForm
        mode="generate"
        form={form}
        summary={summary}
        pending={mutation.isPending}
        allLabel="Generate all fresh leads of this date"
        allDescription={(figures) =>
          `Every fresh lead of the date, ${countOf(figures.fresh, 'lead', 'leads')} in all, whatever the targets say.`
        }
        submitLabel="Generate"
        nothingToDo={(figures) =>
          figures.fresh === 0
            ? 'Every lead of this date is generated already: there is nothing left to generate.'
            : null
        }
        onSubmit={(figures) => void form.submit(figures, generateAllConfirmText, mutation.mutate)}
      />
      <CampaignQuotas campaign={campaign} />
    </LeadActionFrame>
  );
}
