// The one campaign selector of the admin screens: which campaigns it offers (all, with or without a data table,
// active only), loading and failure states, and a list filter's "All campaigns" choice.
import type { ReactNode } from 'react';
import { NativeSelect, Stack, type NativeSelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  ALL_CAMPAIGNS_KEY,
  ALL_DATA_TABLES_KEY,
  campaignOptions,
  fetchAllCampaigns,
  fetchAllDataTables,
  type TCampaignOffer,
} from './campaign-options.ts';
import { RetryAlert } from './QueryState.tsx';

type Props = {
  value: string;
  onChange: (campaignName: string) => void;
  /** @default 'all' */
  offer?: TCampaignOffer;
  /** Offer active campaigns only; otherwise inactive ones are offered and say so. */
  activeOnly?: boolean;
  /** A filter's choice of no campaign (value ''), e.g. 'All campaigns'; without it '' is an unchoosable placeholder. */
  allLabel?: string;
  /** The placeholder when no campaign fits the offer, e.g. 'Every campaign has a data table'. */
  emptyText?: string;
  label?: ReactNode;
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  withAsterisk?: boolean;
  w?: NativeSelectProps['w'];
};

export function CampaignSelect({
  value,
  onChange,
  offer = 'all',
  activeOnly = false,
  allLabel,
  emptyText = 'No campaign to choose',
  label = 'Campaign',
  ...field
}: Props) {
  const campaigns = useQuery({ queryKey: ALL_CAMPAIGNS_KEY, queryFn: fetchAllCampaigns, staleTime: 0 });
  const tables = useQuery({
    queryKey: ALL_DATA_TABLES_KEY,
    queryFn: fetchAllDataTables,
    staleTime: 0,
    enabled: offer !== 'all',
  });
  const options = campaignOptions({ campaigns: campaigns.data ?? [], tables: tables.data, offer, activeOnly });
  const pending = campaigns.isPending || (offer !== 'all' && tables.isPending);
  const failed = campaigns.error ?? (offer === 'all' ? null : tables.error);
  // A campaign already chosen that the list lacks (just renamed, or named in the address) still shows as chosen.
  const shown =
    value !== '' && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;
  const placeholder = pending ? 'Loading campaigns…' : options.length === 0 ? emptyText : 'Select campaign';
  const first =
    allLabel === undefined ? { value: '', label: placeholder, disabled: true } : { value: '', label: allLabel };

  return (
    <Stack gap="xs">
      <NativeSelect
        {...field}
        label={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        data={[first, ...shown]}
      />
      {failed !== null && (
        <RetryAlert
          title="The campaigns could not be loaded"
          message={failed.message}
          onRetry={() => {
            void campaigns.refetch();
            if (offer !== 'all') void tables.refetch();
          }}
        />
      )}
    </Stack>
  );
}
