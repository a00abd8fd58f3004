// A client account's access fields, on "Add client account" and "Client access": the campaigns it sees (all of them
// offered, loaded while shown) and whether it may play recordings.
import { MultiSelect, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { ALL_CAMPAIGNS_KEY, campaignOptions, fetchAllCampaigns } from '../../components/campaign-options.ts';

type TAccessFields = { campaigns: string[]; recordings: boolean };

export function ClientAccessFields<T extends TAccessFields>({
  form,
  shown,
}: {
  form: UseFormReturnType<T>;
  /** Whether the fields are on screen: the campaigns are loaded only then. */
  shown: boolean;
}) {
  const campaigns = useQuery({ queryKey: ALL_CAMPAIGNS_KEY, queryFn: fetchAllCampaigns, enabled: shown });
  const options = campaignOptions({
    campaigns: campaigns.data ?? [],
    tables: undefined,
    offer: 'all',
    activeOnly: false,
  });
  return (
    <>
      <MultiSelect
        label="Campaigns"
        withAsterisk
        description="The client sees these campaigns' results and client QC records only."
        placeholder={campaigns.isPending ? 'Loading campaigns…' : 'Choose campaigns'}
        data={options}
        searchable
        clearable
        nothingFoundMessage="No campaign of that name"
        {...form.getInputProps('campaigns')}
      />
      {campaigns.isError && (
        <Text size="sm" c="red" role="alert">
          The campaigns could not be loaded: {campaigns.error.message}
        </Text>
      )}
      <Switch
        label="May play recordings"
        description="Off: the client never hears a call."
        {...form.getInputProps('recordings', { type: 'checkbox' })}
      />
    </>
  );
}
