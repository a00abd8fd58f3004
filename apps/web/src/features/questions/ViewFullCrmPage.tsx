// /viewFullCRM?campaignName= (docs/product.md §2 CRM): a read-only view of a campaign's survey; an agent sees the campaign they signed in with.
import { useSearchParams } from 'react-router';
import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { sessionCampaign, useSession } from '../../app/session.ts';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { useCampaignSurvey } from '../../components/survey/use-campaign-survey.ts';
import { SurveyQuestionCard } from './SurveyQuestionCard.tsx';

function Survey({ campaignName }: { campaignName: string }) {
  const { survey, pending, error } = useCampaignSurvey(campaignName);
  if (pending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading questions" />
      </Center>
    );
  if (error !== null)
    return (
      <Alert color="red" title="The survey could not be loaded">
        {error.message}
      </Alert>
    );
  if (survey === undefined || survey.questions.length === 0)
    return <Text c="dimmed">This campaign has no questions yet.</Text>;
  return (
    <Stack gap="sm" component="section" aria-label={`Survey of ${campaignName}`}>
      {survey.questions.map((q) => (
        <SurveyQuestionCard
          key={q.id}
          question={q}
          rules={survey.rulesOf(q.id)}
          byId={survey.byId}
          condition={survey.conditionOf(q.id)?.words}
        />
      ))}
    </Stack>
  );
}

export default function ViewFullCrmPage() {
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const isAgent = session?.role === 'AGENT';
  const fromUrl = params.get('campaignName') ?? '';
  const campaignName = fromUrl !== '' ? fromUrl : isAgent ? (sessionCampaign(session) ?? '') : '';

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={0}>
        <Text c="dimmed" size="sm">
          View Full CRM
        </Text>
        <Title order={1}>{campaignName === '' ? 'Survey' : campaignName}</Title>
      </Stack>
      {!isAgent && (
        <CampaignSelect value={campaignName} onChange={(name) => setParams({ campaignName: name })} w={320} />
      )}
      {campaignName === '' ? (
        <Text c="dimmed">
          {isAgent
            ? 'Your session names no campaign. Sign in again with a campaign.'
            : 'Choose a campaign to see its survey.'}
        </Text>
      ) : (
        <Survey campaignName={campaignName} />
      )}
    </Stack>
  );
}
