// /reGenerateLead (docs/product.md §2 Leads, §4, §8): campaign first, then the data date and one target per selector; regenerate
// tops each br_id group up with fresh leads for its generated leads not called yet. The screen stays, with new figures.
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LEAD_MESSAGES, type TLeadDateSummary } from '@crm/shared';
import { DASHBOARD_KEY } from '../../app/query-keys.ts';
import { LEADS_KEY } from './api.ts';
import { regenerateLeads } from './lead-actions-api.ts';
import { LeadActionFrame, useDateSummary } from './lead-actions-fields.tsx';
import { useTargetForm } from './lead-actions-form.ts';
import { LeadTargetsForm } from './lead-actions-targets.tsx';
import { countOf, regenerateAllCeiling, regenerateAllConfirmText, withHeldBack } from './lead-actions.ts';

function nothingToRegenerate(figures: TLeadDateSummary): string | null {
  if (figures.uncalled === 0)
    return 'No generated lead of this date is waiting to be called: regenerate has nothing to top up.';
  if (figures.fresh === 0) return 'No fresh lead of this date is left to add.';
  return null;
}

export default function RegenerateLeadPage() {
  const queryClient = useQueryClient();
  const form = useTargetForm();
  const summary = useDateSummary(form.choice);

  const mutation = useMutation({
    mutationFn: regenerateLeads,
    onSuccess: async ({ count: rowsRegenerated, heldBack }) => {
      const message = withHeldBack(
        rowsRegenerated === null ? LEAD_MESSAGES.regeneratedNoCount : LEAD_MESSAGES.regenerated(rowsRegenerated),
        heldBack,
      );
      const tone = rowsRegenerated === 0 ? 'warning' : 'success';
      notifications.show({ color: tone === 'success' ? 'green' : 'yellow', message });
      form.clearTargets();
      form.setNotice({ tone, message });
      await Promise.all([LEADS_KEY, DASHBOARD_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => form.showFailure(LEAD_MESSAGES.regenerateFailed, error),
  });

  return (
    <LeadActionFrame title="Regenerate leads" cardTitle="Top up a day's call list">
      <LeadTargetsForm
        mode="regenerate"
        form={form}
        summary={summary}
        pending={mutation.isPending}
        allLabel="Top up every br_id group by its leads not called yet"
        allDescription={(figures) =>
          `Up to ${countOf(regenerateAllCeiling(figures), 'more lead', 'more leads')} in all, whatever the targets say.`
        }
        submitLabel="Regenerate"
        nothingToDo={nothingToRegenerate}
        onSubmit={(figures) => void form.submit(figures, regenerateAllConfirmText, mutation.mutate)}
      />
    </LeadActionFrame>
  );
}
