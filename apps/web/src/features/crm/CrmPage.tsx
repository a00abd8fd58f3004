// /CRM?campaignName= (docs/product.md §2 CRM, §4 Survey): the agent's survey by lead number. An agent always works on the
// campaign they signed in with; an admin picks the campaign, which goes in the address. Compact: the title, the
// campaign choice and the search share one line, so a call fits a 1366×768 screen. VICIdial's web form opens
// /CRM?phone_number=…&vendor_lead_code=…&lead_id=…&user=… for a call (docs/guide/call-loop.md): that call opens, and its
// variables leave the address so a reload does not open it again.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { sessionCampaign, useSession } from '../../app/session.ts';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { CrmCallScreen } from './CrmCallScreen.tsx';
import { WEB_FORM_PARAMS, webFormOf } from './use-call-pops.ts';

export default function CrmPage() {
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const isAgent = session?.role === 'AGENT';
  const fromUrl = (params.get('campaignName') ?? '').trim();
  const own = isAgent ? (sessionCampaign(session) ?? '') : '';
  const campaignName = isAgent ? own : fromUrl;
  const agentName = session?.user.name ?? '';
  const [webForm] = useState(() => webFormOf(params));
  useEffect(() => {
    if (!WEB_FORM_PARAMS.some((name) => params.has(name))) return;
    const rest = new URLSearchParams(params);
    for (const name of WEB_FORM_PARAMS) rest.delete(name);
    setParams(rest, { replace: true });
  }, [params, setParams]);

  const heading = (
    <Group gap="md" align="flex-end">
      <Stack gap={0}>
        <Text c="dimmed" size="xs">
          CRM
        </Text>
        <Title order={1} size="h3" style={{ lineHeight: 1.2 }}>
          {campaignName === '' ? 'Survey' : campaignName}
        </Title>
      </Stack>
      {!isAgent && (
        <CampaignSelect value={campaignName} onChange={(name) => setParams({ campaignName: name })} w={320} />
      )}
    </Group>
  );

  return (
    <Stack gap="xs" maw={1400}>
      {isAgent && fromUrl !== '' && own !== '' && fromUrl.toLowerCase() !== own.toLowerCase() && (
        <Alert color="yellow" variant="light" p="xs">
          You are signed in to {own}, so this screen works on {own}, not {fromUrl}. To call for {fromUrl}, sign out and
          sign in with that campaign.
        </Alert>
      )}
      {campaignName === '' ? (
        <>
          {heading}
          <Text c="dimmed">
            {isAgent
              ? 'Your session names no campaign. Sign in again with a campaign.'
              : 'Choose a campaign to call its leads.'}
          </Text>
        </>
      ) : (
        <CrmCallScreen
          key={campaignName}
          campaignName={campaignName}
          agentName={agentName}
          heading={heading}
          isAgent={isAgent}
          webForm={isAgent ? webForm : null}
        />
      )}
    </Stack>
  );
}
