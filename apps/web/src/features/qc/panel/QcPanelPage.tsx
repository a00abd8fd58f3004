// /qcChecking (docs/product.md §2 QC panel): find a call by campaign, number and date, read the lead and its answers (and correct
// them), play its recordings and mark the call successful, score the agent in-house and for the client, and submit.
// Two columns: on the left the recordings and the lead; on the right the player (kept in view under the top bar), the
// scorecard, and the bar with both totals and Submit (kept at the bottom of the screen), so nothing is a scroll away.
import { Alert, Anchor, Box, Grid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QC_MESSAGES } from '@crm/shared';
import { useSession } from '../../../app/session.ts';
import { UploadRecordingsCard } from '../../../components/recording/UploadRecordingsCard.tsx';
import { LeadCard } from './LeadCard.tsx';
import { QcSearchCard } from './QcSearchCard.tsx';
import { ScoringPlayer, STICKY_TOP } from '../scorecard/ScoringPlayer.tsx';
import { RecordingsCard } from './RecordingsCard.tsx';
import { PanelScoreBar, ScoringCard } from './ScoringCard.tsx';
import { SuccessTick } from './SuccessTick.tsx';
import { linkNote } from './tick.ts';
import { isSubmitting, searchedOf, submittedOf, submitProblemsOf, type TSubmitted } from './qc-panel-state.ts';
import { useQcPanel } from './use-qc-panel.ts';

function SubmittedAlert({ submitted }: { submitted: TSubmitted }) {
  const { inHouse, client, search, fileName } = submitted;
  return (
    <Alert color="green" variant="light" title={QC_MESSAGES.reportSubmitted} role="status">
      <Stack gap={2}>
        <Text size="sm">
          {search.consumerNumber} on {search.callDate}, agent {inHouse.agentName} ({inHouse.agentId}).
        </Text>
        <Text size="sm">
          In-house record #{inHouse.id}: {inHouse.total}, {inHouse.agentGrade}. Client record #{client.id}:{' '}
          {client.total}, {client.agentGrade}.
        </Text>
        <Text size="sm">{fileName === null ? 'No recording linked.' : `Recording linked: ${fileName}.`}</Text>
        <Text size="sm">
          Enter the next number to score another call, or{' '}
          <Anchor component={Link} to="/viewQcReports">
            view your QC records
          </Anchor>
          .
        </Text>
      </Stack>
    </Alert>
  );
}

export default function QcPanelPage() {
  const { state, queries, cards, agentId, numberField, actions } = useQcPanel();
  const columnCards = { inHouse: cards.inHouse, client: cards.client };
  const { lead, questions, recordings, agents } = queries;
  const { scoring } = state;
  const searched = searchedOf(state);
  const submitted = submittedOf(state);
  const submitting = isSubmitting(state);
  const { session } = useSession();
  return (
    <Stack gap="md">
      <Title order={1}>QC Panel</Title>
      <QcSearchCard
        value={state.search.form}
        onChange={actions.setForm}
        problems={state.search.problems}
        onSearch={actions.search}
        searching={searched !== null && (lead.isFetching || recordings.isFetching)}
        numberField={numberField}
      />
      {submitted !== null && <SubmittedAlert submitted={submitted} />}
      {searched !== null && (
        <Grid gap="md" key={searched.id}>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md">
              <RecordingsCard
                search={searched}
                recordings={recordings}
                page={state.search.page}
                onPage={actions.setPage}
                chosen={scoring.chosen}
                onChoose={actions.choose}
              />
              <LeadCard
                lead={lead}
                questions={questions}
                campaignName={searched.campaignName}
                onLeadSaved={actions.leadSaved}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            {/* As tall as the row: the player and the bar stay in view while the left column is read, too. */}
            <Stack gap="sm" h="100%">
              <ScoringPlayer
                recording={
                  scoring.chosen === null ? null : { date: searched.callDate, fileName: scoring.chosen.fileName }
                }
                autoPlay
                onMetadata={actions.onMetadata}
                empty="No recording chosen: press Play on one of the call records."
                style={STICKY_TOP}
              >
                <SuccessTick tick={scoring.tick} onTick={actions.onTick} />
              </ScoringPlayer>
              <ScoringCard
                agents={{
                  data: agents.data,
                  error: agents.error,
                  pending: agents.isPending,
                  reload: () => void agents.refetch(),
                }}
                agentId={agentId}
                agentError={scoring.agentError}
                onAgent={actions.pickAgent}
                columns={scoring.columns}
                onScore={actions.setScore}
                onText={actions.setText}
                onCopy={actions.copyToClient}
                progress={state.submit.progress}
                submitting={submitting}
                cards={columnCards}
                cardMarks={scoring.cards}
                cardProblems={scoring.cardProblems}
                onCardMarks={actions.markCard}
              />
              <Box style={{ flex: 1 }} />
              <PanelScoreBar
                columns={scoring.columns}
                linkNote={linkNote(scoring.tick)}
                submitting={submitting}
                problems={submitProblemsOf(state)}
                onSubmit={actions.submit}
                cards={columnCards}
                cardMarks={scoring.cards}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      {session?.role === 'ADMIN' && <UploadRecordingsCard />}
    </Stack>
  );
}
