// The list choice of the Do Not Call screen: the system list or a campaign's (and, for the filter, both lists).
import { NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ALL_CAMPAIGNS_KEY, fetchAllCampaigns } from '../../components/campaign-options.ts';

type Props = {
  /** 'system', 'c:' and a campaign's name, or (with allLabel) 'all'. */
  value: string;
  onChange: (value: string) => void;
  label: string;
  /** Offers 'all' with this label (the filter). */
  allLabel?: string;
  w?: number;
};

export function ListSelect({ value, onChange, label, allLabel, w }: Props) {
  const campaigns = useQuery({ queryKey: ALL_CAMPAIGNS_KEY, queryFn: fetchAllCampaigns, staleTime: 0 });
  const data = [
    ...(allLabel === undefined ? [] : [{ value: 'all', label: allLabel }]),
    { value: 'system', label: 'System list' },
    ...(campaigns.data ?? []).map((c) => ({ value: `c:${c.campaignName}`, label: c.campaignName })),
  ];
  return (
    <NativeSelect
      label={label}
      value={value}
      w={w}
      data={data}
      error={campaigns.error ? `The campaigns could not be loaded: ${campaigns.error.message}` : undefined}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
