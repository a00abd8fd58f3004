// /CRM?campaignName= (spec §2 CRM, §4 Survey): the agent's survey by lead number. An agent always works on the
// campaign they signed in with; an admin picks the campaign, which goes in the address.
import { useSearchParams } from 'react-router';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { sessionCampaign, useSession } from '../../app/session.ts';
import { CampaignPicker } from '../campaigns/CampaignPicker.tsx';
import { CrmCallScreen } from './CrmCallScreen.tsx';

export default function CrmPage() {
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const isAgent = session?.role === 'AGENT';
  const fromUrl = (params.get('campaignName') ?? '').trim();
  const own = isAgent ? (sessionCampaign(session) ?? '') : '';
  const campaignName = isAgent ? own : fromUrl;
  const agentName = session?.user.name ?? '';

  return (
    <Stack gap="lg" maw={1280}>
      <Stack gap={0}>
        <Text c="dimmed" size="sm">
          CRM
        </Text>
        <Title order={1}>{campaignName === '' ? 'Survey' : campaignName}</Title>
      </Stack>
      {isAgent && fromUrl !== '' && own !== '' && fromUrl.toLowerCase() !== own.toLowerCase() && (
        <Alert color="yellow" variant="light">
          You are signed in to {own}, so this screen works on {own}, not {fromUrl}. To call for {fromUrl}, sign out and sign in with that campaign.
        </Alert>
      )}
      {!isAgent && <CampaignPicker value={campaignName} onChange={(name) => setParams({ campaignName: name })} />}
      {campaignName === '' ? (
        <Text c="dimmed">{isAgent ? 'Your session names no campaign. Sign in again with a campaign.' : 'Choose a campaign to call its leads.'}</Text>
      ) : (
        <CrmCallScreen key={campaignName} campaignName={campaignName} agentName={agentName} />
      )}
    </Stack>
  );
}
