// A campaign chooser for screens that admins and QC inspectors may open on any campaign (View Full CRM, CRM).
import { NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ALL_CAMPAIGNS_KEY, fetchAllCampaigns } from './api.ts';

export function CampaignPicker({ value, onChange }: { value: string; onChange: (campaignName: string) => void }) {
  const campaigns = useQuery({ queryKey: ALL_CAMPAIGNS_KEY, queryFn: fetchAllCampaigns, staleTime: 0 });
  const names = (campaigns.data ?? []).map((c) => c.campaignName);
  // A campaign in the address that the list lacks (e.g. just renamed) still shows as chosen.
  const data = value !== '' && !names.includes(value) ? [value, ...names] : names;
  return (
    <NativeSelect
      label="Campaign"
      w={320}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[{ value: '', label: campaigns.isPending ? 'Loading campaigns…' : 'Select campaign', disabled: true }, ...data]}
    />
  );
}
