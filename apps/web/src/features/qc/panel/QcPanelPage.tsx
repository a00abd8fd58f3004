// /qcChecking (docs/product.md §2 QC panel): find a call by campaign, number and date, read the lead and its answers (and correct
// them), play its recordings and mark the call successful, score the agent in-house and for the client, and submit.
// Two columns: on the left the recordings and the lead; on the right the player (kept in view under the top bar), the
// scorecard, and the bar with both totals and Submit (kept at the bottom of the screen), so nothing is a scroll away.
import { Alert, Anchor, Box, Grid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QC_MESSAGES } from '@crm/shared';
import { useSession } from '../../../app/session.ts';
import { UploadRecordingsCard } from '../../voicelog/UploadRecordingsCard.tsx';
import { LeadCard } from './LeadCard.tsx';
import { QcSearchCard } from './QcSearchCard.tsx';
import { ScoringPlayer, STICKY_TOP } from '../scorecard/ScoringPlayer.tsx';
import { RecordingsCard } from './RecordingsCard.tsx';
import { PanelScoreBar, ScoringCard } from './ScoringCard.tsx';
import { SuccessTick } from './SuccessTick.tsx';
import { linkNote } from './tick.ts';
import { useQcPanel, type TSubmitted } from './use-qc-panel.ts';

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
  const panel = useQcPanel();
  const { searched } = panel;
  const { session } = useSession();
  return (
    <Stack gap="md">
      <Title order={1}>QC Panel</Title>
      <QcSearchCard
        value={panel.form}
        onChange={panel.setForm}
        problems={panel.problems}
        onSearch={() => void panel.search()}
        searching={searched !== null && (panel.lead.isFetching || panel.recordings.isFetching)}
        numberField={panel.numberField}
      />
      {panel.submitted !== null && <SubmittedAlert submitted={panel.submitted} />}
      {searched !== null && (
        <Grid gap="md" key={searched.id}>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md">
              <RecordingsCard
                search={searched}
                recordings={panel.recordings}
                page={panel.page}
                onPage={panel.setPage}
                chosen={panel.chosen}
                onChoose={panel.choose}
              />
              <LeadCard
                lead={panel.lead}
                questions={panel.questions}
                campaignName={searched.campaignName}
                onLeadSaved={panel.leadSaved}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            {/* As tall as the row: the player and the bar stay in view while the left column is read, too. */}
            <Stack gap="sm" h="100%">
              <ScoringPlayer
                recording={panel.chosen === null ? null : { date: searched.callDate, fileName: panel.chosen.fileName }}
                autoPlay
                onMetadata={panel.onMetadata}
                empty="No recording chosen: press Play on one of the call records."
                style={STICKY_TOP}
              >
                <SuccessTick tick={panel.tick} onTick={panel.onTick} />
              </ScoringPlayer>
              <ScoringCard
                agents={{
                  data: panel.agents.data,
                  error: panel.agents.error,
                  pending: panel.agents.isPending,
                  reload: () => void panel.agents.refetch(),
                }}
                agentId={panel.agentId}
                agentError={panel.agentError}
                onAgent={panel.pickAgent}
                columns={panel.columns}
                onScore={panel.setScore}
                onText={panel.setText}
                onCopy={panel.copyToClient}
                progress={panel.progress}
                submitting={panel.submitting}
              />
              <Box style={{ flex: 1 }} />
              <PanelScoreBar
                columns={panel.columns}
                linkNote={linkNote(panel.tick)}
                submitting={panel.submitting}
                problems={panel.submitProblems}
                onSubmit={panel.submit}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      {session?.role === 'ADMIN' && <UploadRecordingsCard />}
    </Stack>
  );
}
