// /qcChecking (docs/product.md §2 QC panel): find a call by campaign, number and date, read the lead and its answers (and correct
// them), play its recordings and mark the call successful, score the agent in-house and for the client, and submit.
// Two columns: on the left the recordings and the lead; on the right the player (kept in view under the top bar), the
// scorecard, and the bar with both totals and Submit (kept at the bottom of the screen), so nothing is a scroll away.
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { Alert, Anchor, Box, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QC_MESSAGES } from '@crm/shared';
import { useSession } from '../../../app/session.ts';
import { UploadRecordingsCard } from '../../../components/recording/UploadRecordingsCard.tsx';
import { WaveformMarkersContext } from '../../../components/recording/waveform-markers.ts';
import { LeadCard } from './LeadCard.tsx';
import { QcSearchCard } from './QcSearchCard.tsx';
import { ScoringPlayer, STICKY_TOP } from '../../../components/recording/ScoringPlayer.tsx';
import { RecordingsCard } from './RecordingsCard.tsx';
import { PanelScoreBar, ScoringCard, type TAgentsState } from './ScoringCard.tsx';
import { useQueryView } from './query-view.ts';
import { SuccessTick } from './SuccessTick.tsx';
import { SubmittedComments } from './SubmittedComments.tsx';
import { HeldCommentList, TimelineComments } from './TimelineComments.tsx';
import { COMMENT_KEY_NOTE, heldMarkers } from './timeline-comments.ts';
import { linkNote } from './tick.ts';
import { isSubmitting, searchedOf, submittedOf, submitProblemsOf, type TSubmitted } from './qc-panel-state.ts';
import { useQcPanel } from './use-qc-panel.ts';
import type { TLoopNotice } from './loop-notice.ts';
import {
  cycleFocus,
  firstCriterionControl,
  panelKey,
  PANEL_KEYS_NOTE,
  PANEL_KEYS_NOTE_NO_QUEUE,
} from './panel-focus.ts';

/** What "Submit and next" saved and which call it opened (or that the queue is empty). */
function LoopNoticeAlert({ notice }: { notice: TLoopNotice }) {
  return (
    <Alert color={notice.tone} variant="light" role="status" aria-label="Submit and next" p="xs">
      <Text size="sm">
        {notice.saved} {notice.next}
      </Text>
    </Alert>
  );
}

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
        <SubmittedComments qcRecordId={inHouse.id} />
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
  const { state, queries, cards, agentId, numberField, actions, queue, notice } = useQcPanel();
  // The memoised cards get props that keep their identity while what they show is the same.
  const columnCards = useMemo(() => ({ inHouse: cards.inHouse, client: cards.client }), [cards.inHouse, cards.client]);
  const lead = useQueryView(queries.lead);
  const questions = useQueryView(queries.questions);
  const recordings = useQueryView(queries.recordings);
  const { data: agentList, error: agentsError, isPending: agentsPending, refetch: refetchAgents } = queries.agents;
  const agents = useMemo<TAgentsState>(
    () => ({ data: agentList, error: agentsError, pending: agentsPending, reload: () => void refetchAgents() }),
    [agentList, agentsError, agentsPending, refetchAgents],
  );
  const { scoring } = state;
  const searched = searchedOf(state);
  // The player (and its <audio>) is committed first, in a light render; the cards and the scorecard follow in a
  // background render, so a claimed call's recording starts loading before the heavy part of the page is drawn.
  const drawn = useDeferredValue(searched);
  const full = searched !== null && drawn?.id === searched.id;
  const submitted = submittedOf(state);
  const submitting = isSubmitting(state);
  const { session } = useSession();
  const chosenFile = scoring.chosen?.fileName ?? null;
  // The held comments of the recording playing, as markers on its waveform (drawn inside the shared player).
  const markers = useMemo(() => heldMarkers(scoring.comments, chosenFile), [scoring.comments, chosenFile]);

  // The panel's keys: F6 cycles the player, the scorecard and the suggestion; Ctrl+Enter submits (and opens the next
  // call when the call came from the queue). A dialog (a confirmation) owns the keyboard while it is open.
  const keyActions = useRef(actions);
  const fromQueue = useRef(queue !== null);
  useEffect(() => {
    keyActions.current = actions;
    fromQueue.current = queue !== null;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const wanted = panelKey(event);
      if (wanted === null || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"], [role="dialog"]') !== null) return;
      event.preventDefault();
      if (wanted.kind === 'cycle') cycleFocus(document, document.activeElement, wanted.back);
      else if (fromQueue.current) keyActions.current.submitAndNext();
      else keyActions.current.submit();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // After a claim or a search the keyboard starts on the first criterion (once its scorecard is on screen).
  const focusedFor = useRef<number | null>(null);
  const searchedId = searched?.id ?? null;
  useEffect(() => {
    if (searchedId === null || cards.pending || focusedFor.current === searchedId) return;
    const rating = document.querySelector('section[aria-label="QC Rating"]');
    const control = rating === null ? null : firstCriterionControl(rating);
    if (control === null) return;
    focusedFor.current = searchedId;
    control.focus();
  });

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
      {notice !== null && <LoopNoticeAlert notice={notice} />}
      {submitted !== null && notice === null && <SubmittedAlert submitted={submitted} />}
      {searched !== null && (
        <Grid gap="md" key={searched.id}>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            {full ? (
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
            ) : (
              <Loader size="sm" aria-label="Opening the call" />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            {/* As tall as the row: the player and the bar stay in view while the left column is read, too. */}
            <Stack gap="sm" h="100%">
              <WaveformMarkersContext value={markers}>
                <ScoringPlayer
                  recording={
                    scoring.chosen === null ? null : { date: searched.callDate, fileName: scoring.chosen.fileName }
                  }
                  autoPlay="setting"
                  onMetadata={actions.onMetadata}
                  empty="No recording chosen: press Play on one of the call records."
                  style={STICKY_TOP}
                >
                  <TimelineComments
                    leading={<SuccessTick tick={scoring.tick} onTick={actions.onTick} />}
                    fileName={chosenFile}
                    disabled={submitting}
                    onAdd={actions.addComment}
                  />
                </ScoringPlayer>
              </WaveformMarkersContext>
              <HeldCommentList
                fileName={chosenFile}
                comments={scoring.comments}
                posted={state.submit.progress.commented}
                disabled={submitting}
                onRemove={actions.removeComment}
              />
              {full && (
                <ScoringCard
                  agents={agents}
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
              )}
              <Box style={{ flex: 1 }} />
              {full && (
                <PanelScoreBar
                  columns={scoring.columns}
                  linkNote={linkNote(scoring.tick)}
                  submitting={submitting}
                  problems={submitProblemsOf(state)}
                  onSubmit={actions.submit}
                  onSubmitAndNext={queue === null ? undefined : actions.submitAndNext}
                  keysNote={`${queue === null ? PANEL_KEYS_NOTE_NO_QUEUE : PANEL_KEYS_NOTE} ${COMMENT_KEY_NOTE}`}
                  cards={columnCards}
                  cardMarks={scoring.cards}
                />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      {session?.role === 'ADMIN' && <UploadRecordingsCard />}
    </Stack>
  );
}
