// One campaign's calls: search a number, then the lead's details beside its survey; after a save, ready for the next
// number. With no call on screen, the agent's own calls to resume and the last saved. Leaving mid-call asks first.
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Box, Button, Flex, Group, Paper, Stack, Text } from '@mantine/core';
import { SURVEY_MESSAGES } from '@crm/shared';
import { DoNotCallButton } from './DoNotCallButton.tsx';
import { LeadDetailsCard } from './LeadDetailsCard.tsx';
import { LeadSearchForm } from './LeadSearchForm.tsx';
import { MyCallsPanel } from './MyCallsPanel.tsx';
import { SurveyPanel } from './SurveyPanel.tsx';
import { useCrmCall, type TCrmCall } from './use-crm-call.ts';
import { useLeaveGuard } from './use-leave-guard.ts';

/** The lead card's width beside the survey: the longest number and a 1024 px screen's survey both fit. */
const LEAD_CARD_WIDTH = 300;

function SearchOutcome({ state, campaignName }: { state: TCrmCall; campaignName: string }) {
  const { search, finished } = state;
  if (search.kind === 'not-generated') {
    return (
      <Alert color="yellow" variant="light" role="alert" title={SURVEY_MESSAGES.leadNotGenerated} p="xs">
        No generated lead of this campaign has the number {search.cellNumber}.
      </Alert>
    );
  }
  if (search.kind === 'do-not-call') {
    return (
      <Alert color="orange" variant="light" role="alert" title={search.message} p="xs">
        This number must not be called: no survey is offered.
      </Alert>
    );
  }
  if (search.kind === 'quota-full') {
    return (
      <Alert color="orange" variant="light" role="alert" title={search.message} p="xs">
        The campaign takes no more completed calls of this lead&apos;s kind: no survey is offered.
      </Alert>
    );
  }
  if (search.kind === 'failed') {
    return (
      <Alert color="red" variant="light" role="alert" title="The lead search failed" p="xs">
        {search.message}
      </Alert>
    );
  }
  if (finished !== null && search.kind === 'idle' && state.call === null) {
    return (
      <Alert color="green" variant="light" role="status" title={finished === 'ended' ? SURVEY_MESSAGES.ended : SURVEY_MESSAGES.partial} p="xs">
        <Stack gap={6}>
          <Text size="sm">Saved. Search the next number.</Text>
          {state.lastCall !== null && <DoNotCallButton key={state.lastCall.leadId} campaignName={campaignName} call={state.lastCall} />}
        </Stack>
      </Alert>
    );
  }
  return null;
}

/** A save refused because someone else saved the lead after the search: who and when, and that the answers stay. */
function RefusedSave({ message }: { message: string }) {
  return (
    <Alert color="orange" variant="light" role="alert" title="The answers were not saved" p="xs">
      <Stack gap={4}>
        <Text size="sm">{message}</Text>
        <Text size="sm">Your answers stay on screen: note them before you search the number again.</Text>
      </Stack>
    </Alert>
  );
}

/** A completed call refused because a quota filled since the search: the answers stay and may go as not completed. */
function QuotaFullSave({ message, busy, onSaveNotCompleted, onDiscard }: { message: string; busy: boolean; onSaveNotCompleted: () => void; onDiscard: () => void }) {
  return (
    <Alert color="orange" variant="light" role="alert" title="Not saved as a completed call" p="xs">
      <Stack gap={6}>
        <Text size="sm">{message}</Text>
        <Text size="sm">Your answers stay on screen. Save them as a call not completed (no quota counts it), or discard the call.</Text>
        <Group gap="xs">
          <Button size="xs" color="orange" onClick={onSaveNotCompleted} disabled={busy}>
            Save as not completed
          </Button>
          <Button size="xs" variant="default" onClick={onDiscard} disabled={busy}>
            Discard the call
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function CallBody({ state, agentName }: { state: TCrmCall; agentName: string }) {
  const { call, currentQuestion } = state;
  if (call === null) return null;
  return (
    <Stack gap="xs">
      {state.refused !== null && <RefusedSave message={state.refused} />}
      {state.quotaFull !== null && (
        <QuotaFullSave message={state.quotaFull.message} busy={state.busy} onSaveNotCompleted={state.saveNotCompleted} onDiscard={state.discardCall} />
      )}
      <Flex gap="sm" align="flex-start" direction={{ base: 'column', sm: 'row' }}>
        <Box w={{ base: '100%', sm: LEAD_CARD_WIDTH }} style={{ flex: 'none' }}>
          <LeadDetailsCard lead={call.lead} />
        </Box>
        <Box w="100%" style={{ flex: 1, minWidth: 0 }}>
          {call.run === undefined || currentQuestion === undefined ? (
            <Paper withBorder p="sm" component="section" aria-label="Survey">
              <Text c="dimmed">This campaign has no active questions, so there is no survey to walk. Ask an admin to add questions.</Text>
            </Paper>
          ) : (
            <SurveyPanel
              call={call}
              run={call.run}
              question={currentQuestion}
              agentName={agentName}
              phase={state.phase}
              draftState={state.draftState}
              busy={state.busy}
              problem={state.problem}
              onAnswer={state.answer}
              onNext={state.next}
              onBack={state.back}
              onPartialCall={state.partialCall}
              onRetrySave={state.retrySave}
            />
          )}
        </Box>
      </Flex>
    </Stack>
  );
}

/** What leaving the call on screen means, in the leave dialog. */
function leaveMessage(state: TCrmCall): string {
  const qno = state.currentQuestion?.qno;
  if (state.draftState === 'failed' || state.phase.kind === 'failed' || state.refused !== null || state.quotaFull !== null) {
    return 'The answers of this call are not saved. If you leave now they are lost.';
  }
  return `This call is not finished. Its answers so far are kept as a draft: come back to CRM to resume${qno === undefined ? '' : ` at ${qno}`}.`;
}

/** heading: the page's title (and an admin's campaign choice), on the search's line. */
export function CrmCallScreen({ campaignName, agentName, heading }: { campaignName: string; agentName: string; heading: ReactNode }) {
  const searchField = useRef<HTMLInputElement>(null);
  const state = useCrmCall(campaignName, searchField);
  useLeaveGuard({ active: state.unsaved, message: leaveMessage(state), beforeLeave: state.flushDraft });
  useEffect(() => {
    searchField.current?.focus();
  }, []);

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end" gap="sm">
        {heading}
        <LeadSearchForm
          fieldRef={searchField}
          value={state.cellNumber}
          error={state.fieldError}
          searching={state.search.kind === 'searching'}
          disabled={state.busy}
          onChange={state.changeCellNumber}
          onSearch={() => void state.runSearch()}
        />
      </Group>
      <SearchOutcome state={state} campaignName={campaignName} />
      {state.call !== null ? (
        <CallBody state={state} agentName={agentName} />
      ) : (
        state.search.kind !== 'searching' && (
          <MyCallsPanel
            calls={state.myCalls.data}
            pending={state.myCalls.isPending}
            error={state.myCalls.error?.message ?? null}
            onResume={(cellNumber, draft) => void state.runSearch(cellNumber, draft)}
            disabled={state.busy}
          />
        )
      )}
    </Stack>
  );
}
