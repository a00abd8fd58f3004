// "QC by Number": the campaign, the consumer number and the call date, all required (docs/product.md §5), then Search.
import type { RefObject } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QC_MESSAGES } from '@crm/shared';
import { DateField } from '../../../components/DateField.tsx';
import { ALL_CAMPAIGNS_KEY, fetchAllCampaigns } from '../../../components/campaign-options.ts';
import type { TQcSearch, TSearchProblems } from './search-form.ts';

type Props = {
  value: TQcSearch;
  onChange: (value: TQcSearch) => void;
  problems: TSearchProblems;
  onSearch: () => void;
  searching: boolean;
  numberField: RefObject<HTMLInputElement | null>;
};

export function QcSearchCard({ value, onChange, problems, onSearch, searching, numberField }: Props) {
  const campaigns = useQuery({ queryKey: ALL_CAMPAIGNS_KEY, queryFn: fetchAllCampaigns, staleTime: 0 });
  const names = (campaigns.data ?? []).map((c) => c.campaignName);
  const missing = Object.keys(problems).length > 0;
  const set = (patch: Partial<TQcSearch>) => onChange({ ...value, ...patch });
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="qc-search-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSearch();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="qc-search-title">
            QC by Number
          </Title>
          <Group align="flex-start" gap="md">
            <NativeSelect
              label="Campaign"
              withAsterisk
              w={280}
              value={value.campaignName}
              error={problems.campaignName ?? (campaigns.error === null ? undefined : campaigns.error.message)}
              onChange={(event) => set({ campaignName: event.currentTarget.value })}
              data={[
                { value: '', label: campaigns.isPending ? 'Loading campaigns…' : 'Select campaign', disabled: true },
                ...names,
              ]}
            />
            <TextInput
              ref={numberField}
              label="Consumer number"
              type="tel"
              autoComplete="off"
              withAsterisk
              w={220}
              value={value.consumerNumber}
              error={problems.consumerNumber}
              onChange={(event) => set({ consumerNumber: event.currentTarget.value })}
            />
            <DateField
              label="Call date"
              withAsterisk
              w={180}
              value={value.callDate}
              error={problems.callDate}
              onChange={(callDate) => set({ callDate })}
            />
            <Button type="submit" mt={25} loading={searching}>
              Search
            </Button>
            {campaigns.error !== null && (
              <Button variant="light" mt={25} onClick={() => void campaigns.refetch()}>
                Reload campaigns
              </Button>
            )}
          </Group>
          {missing && (
            <Alert color="red" variant="light" p="xs" role="alert">
              {QC_MESSAGES.searchRequired}
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
