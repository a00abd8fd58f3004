// The form generate and regenerate share: campaign, then data date, then the date's figures, one target per
// selector, the "all" choice, the outcome of the last try and the submit button.
import type { FormEvent } from 'react';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TLeadDateSummary } from '@crm/shared';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { ActionNotice, DataDateField, NO_LEAD_CAMPAIGN, SummaryGate, TargetInputs } from './lead-actions-fields.tsx';
import type { useTargetForm } from './lead-actions-form.ts';
import { summaryText } from './lead-actions.ts';

type Props = {
  mode: 'generate' | 'regenerate';
  form: ReturnType<typeof useTargetForm>;
  summary: UseQueryResult<TLeadDateSummary>;
  pending: boolean;
  allLabel: string;
  allDescription: (figures: TLeadDateSummary) => string;
  submitLabel: string;
  /** Why this date offers nothing to do, or null. */
  nothingToDo: (figures: TLeadDateSummary) => string | null;
  onSubmit: (figures: TLeadDateSummary) => void;
};

export function LeadTargetsForm({
  mode,
  form,
  summary,
  pending,
  allLabel,
  allDescription,
  submitLabel,
  nothingToDo,
  onSubmit,
}: Props) {
  const { choice } = form;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (summary.data !== undefined && !pending) onSubmit(summary.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`${submitLabel} leads`}>
      <Stack gap="md">
        <CampaignSelect
          offer="withDataTable"
          emptyText={NO_LEAD_CAMPAIGN}
          value={choice.campaign}
          onChange={(campaign) => form.choose({ campaign, dataDate: '' })}
          disabled={pending}
        />
        {choice.campaign !== '' && (
          <DataDateField
            campaign={choice.campaign}
            value={choice.dataDate}
            onChange={(dataDate) => form.choose({ ...choice, dataDate })}
            disabled={pending}
          />
        )}
        {choice.dataDate !== '' && (
          <SummaryGate summary={summary}>
            {(figures) => (
              <Stack gap="md">
                <Text size="sm" role="status">
                  {summaryText(figures)}
                </Text>
                {nothingToDo(figures) !== null && (
                  <Text size="sm" c="yellow.8">
                    {nothingToDo(figures)}
                  </Text>
                )}
                <TargetInputs
                  mode={mode}
                  summary={figures}
                  values={form.values}
                  errors={form.errors}
                  onChange={form.changeTarget}
                  disabled={form.all || pending}
                />
                <Checkbox
                  label={allLabel}
                  description={allDescription(figures)}
                  checked={form.all}
                  disabled={pending}
                  onChange={(event) => form.setAll(event.currentTarget.checked)}
                />
                <ActionNotice notice={form.notice} />
                <Group justify="flex-end">
                  <Button type="submit" loading={pending}>
                    {submitLabel}
                  </Button>
                </Group>
              </Stack>
            )}
          </SummaryGate>
        )}
      </Stack>
    </form>
  );
}
