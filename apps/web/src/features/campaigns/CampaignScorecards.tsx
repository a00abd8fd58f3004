// The campaign's scorecards on its edit page (docs/scorecards.md): which published version its in-house and client QC
// score on, saved by PUT /api/campaign-scorecards (audited) and shown as saved; a refusal in the server's words.
import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SCORECARD_MESSAGES,
  ZCampaignScorecards,
  ZScorecardList,
  type TCampaignScorecards,
  type TScorecardList,
} from '@crm/shared';
import { api } from '../../app/api.ts';
import { RetryAlert } from '../../components/QueryState.tsx';

/** The Scorecards screen's list key too (features/scorecards/api.ts): a publish there reloads the choices here. */
const SCORECARD_LIST_KEY = ['scorecards', 'list'] as const;
const campaignScorecardsKey = (campaignName: string) => ['campaign-scorecards', campaignName] as const;

function fetchCampaignScorecards(campaignName: string): Promise<TCampaignScorecards> {
  return api.get('/api/campaign-scorecards', { query: { campaignName }, schema: ZCampaignScorecards });
}

async function saveCampaignScorecards(body: { campaignName: string; inHouse: number; client: number }): Promise<void> {
  await api.put('/api/campaign-scorecards', body, { notify: false });
}

/** Published versions, "Standard v1" by name; the saved choice stays offered even if it is no longer published. */
export function publishedOptions(list: TScorecardList, saved: TCampaignScorecards['inHouse'] | undefined) {
  const options = list.scorecards.flatMap((card) =>
    card.versions
      .filter((v) => v.state === 'published')
      .map((v) => ({ value: String(v.id), label: `${v.name} v${v.version}` })),
  );
  if (saved !== undefined && !options.some((o) => o.value === String(saved.id)))
    options.unshift({ value: String(saved.id), label: `${saved.name} v${saved.version} (not published)` });
  return options;
}

const refName = (r: TCampaignScorecards['inHouse']) => `${r.name} v${r.version}`;

function Picker({ saved, list }: { saved: TCampaignScorecards; list: TScorecardList }) {
  const queryClient = useQueryClient();
  const [inHouse, setInHouse] = useState(String(saved.inHouse.id));
  const [client, setClient] = useState(String(saved.client.id));
  const mutation = useMutation({
    mutationFn: () =>
      saveCampaignScorecards({ campaignName: saved.campaignName, inHouse: Number(inHouse), client: Number(client) }),
    onSuccess: async () => {
      // What the server now holds is what the page shows as saved.
      await queryClient.invalidateQueries({ queryKey: campaignScorecardsKey(saved.campaignName) });
      void queryClient.invalidateQueries({ queryKey: SCORECARD_LIST_KEY });
      notifications.show({ color: 'green', message: SCORECARD_MESSAGES.campaignSaved });
    },
  });
  const changed = inHouse !== String(saved.inHouse.id) || client !== String(saved.client.id);
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="In-house QC scorecard"
          w={260}
          value={inHouse}
          onChange={(e) => setInHouse(e.currentTarget.value)}
          data={publishedOptions(list, saved.inHouse)}
        />
        <NativeSelect
          label="Client QC scorecard"
          w={260}
          value={client}
          onChange={(e) => setClient(e.currentTarget.value)}
          data={publishedOptions(list, saved.client)}
        />
        <Button onClick={() => mutation.mutate()} loading={mutation.isPending} disabled={!changed}>
          Save scorecards
        </Button>
      </Group>
      <Text size="sm" aria-label="Saved scorecards">
        Saved: in-house QC on {refName(saved.inHouse)}, client QC on {refName(saved.client)}.
        {changed ? ' Your choice is not saved yet.' : ''}
      </Text>
      {mutation.isError && (
        <Alert color="red" role="alert" title="The scorecards were not saved">
          {mutation.error.message}
        </Alert>
      )}
    </Stack>
  );
}

export function CampaignScorecards({ campaignName }: { campaignName: string }) {
  const saved = useQuery({
    queryKey: campaignScorecardsKey(campaignName),
    queryFn: () => fetchCampaignScorecards(campaignName),
    staleTime: 0,
  });
  const list = useQuery({
    queryKey: SCORECARD_LIST_KEY,
    queryFn: () => api.get('/api/scorecards', { schema: ZScorecardList }),
    staleTime: 0,
  });
  const failed = saved.error ?? list.error;
  return (
    <Paper withBorder p="lg" maw={760} component="section" aria-label="QC scorecards">
      <Stack gap="xs">
        <Title order={2} size="h4">
          QC scorecards
        </Title>
        <Text size="sm" c="dimmed">
          The published scorecard version this campaign&apos;s calls are scored on from now on; records already scored
          keep theirs.
        </Text>
        {failed !== null && (
          <RetryAlert
            title="The scorecards could not be loaded"
            message={failed.message}
            onRetry={() => {
              void saved.refetch();
              void list.refetch();
            }}
          />
        )}
        {saved.data !== undefined && list.data !== undefined && (
          <Picker key={`${saved.data.inHouse.id}-${saved.data.client.id}`} saved={saved.data} list={list.data} />
        )}
      </Stack>
    </Paper>
  );
}
