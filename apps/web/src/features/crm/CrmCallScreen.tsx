// One campaign's calls: search a number (or the dialer puts the call through), then the lead's details beside its
// survey, then how the call ended; after a save, ready for the next number. With no call on screen, the agent's shift,
// callbacks, calls to resume and the last saved. Leaving mid-call asks first.
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Flex, Group, Kbd, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CALLBACK_MESSAGES, SURVEY_MESSAGES, type TWebFormPop } from '@crm/shared';
import { useCallbacks } from '../../app/callbacks-due.ts';
import { useUnsavedGuard } from '../../app/use-unsaved-guard.ts';
import { fetchMyShift, myShiftKey } from './api.ts';
import { OUTCOME_MESSAGES } from './call-end.ts';
import type { TIdleNote } from './call-state.ts';
import { CallbacksPanel, nextCallback } from './CallbacksPanel.tsx';
import { DoNotCallButton } from './DoNotCallButton.tsx';
import { EndOfCallPanel } from './EndOfCallPanel.tsx';
import { LeadDetailsCard } from './LeadDetailsCard.tsx';
import { LeadSearchForm } from './LeadSearchForm.tsx';
import { MyCallsPanel } from './MyCallsPanel.tsx';
import { PopBanner } from './PopBanner.tsx';
import { ShiftPanel } from './ShiftPanel.tsx';
import { SurveyPanel } from './SurveyPanel.tsx';
import { useCallPops, useWebFormCall } from './use-call-pops.ts';
import { useCrmCall, type TCrmCall, type TDialerCall } from './use-crm-call.ts';

/** The lead card's width beside the survey: the longest number and a 1024 px screen's survey both fit. */
const LEAD_CARD_WIDTH = 300;

function SavedNote({ note, campaignName }: { note: Extract<TIdleNote, { kind: 'saved' }>; campaignName: string }) {
  return (
    <Stack gap={6}>
      <Alert color="green" variant="light" role="status" title={OUTCOME_MESSAGES[note.outcome]} p="xs">
        <Stack gap={6}>
          <Text size="sm">
            Saved{note.disposition === null ? '' : ` as ${note.disposition.name}`}.
            {note.callbackAt === null ? '' : ` ${CALLBACK_MESSAGES.set(note.callbackAt)}.`} Search the next number.
          </Text>
          {note.disposition?.kind === 'dnc' ? (
            <Text size="sm" c="orange.8">
              {note.doNotCall ?? 'The number goes on the campaign’s do-not-call list.'}
            </Text>
          ) : (
            note.lastCall !== null && (
              <DoNotCallButton key={note.lastCall.leadId} campaignName={campaignName} call={note.lastCall} />
            )
          )}
        </Stack>
      </Alert>
      {note.dialer !== null && (
        <Alert color="orange" variant="light" role="alert" title="VICIdial did not take the disposition" p="xs">
          <Stack gap={2}>
            <Text size="sm" ff="monospace">
              {note.dialer.message}
            </Text>
            <Text size="sm">The call is saved here. Set the disposition in VICIdial&apos;s own screen.</Text>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

function SearchOutcome({ note, campaignName }: { note: TIdleNote | null; campaignName: string }) {
  if (note === null) return null;
  switch (note.kind) {
    case 'not-generated':
      return (
        <Alert color="yellow" variant="light" role="alert" title={SURVEY_MESSAGES.leadNotGenerated} p="xs">
          No generated lead of this campaign has the number {note.cellNumber}.
        </Alert>
      );
    case 'do-not-call':
      return (
        <Alert color="orange" variant="light" role="alert" title={note.message} p="xs">
          This number must not be called: no survey is offered.
        </Alert>
      );
    case 'quota-full':
      return (
        <Alert color="orange" variant="light" role="alert" title={note.message} p="xs">
          The campaign takes no more completed calls of this lead&apos;s kind: no survey is offered.
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" variant="light" role="alert" title="The lead search failed" p="xs">
          {note.message}
        </Alert>
      );
    case 'web-form':
      return (
        <Alert color="orange" variant="light" role="alert" title="VICIdial's web form did not open a call" p="xs">
          {note.message}
        </Alert>
      );
    case 'saved':
      return <SavedNote note={note} campaignName={campaignName} />;
  }
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
function QuotaFullSave({
  message,
  busy,
  onSaveNotCompleted,
  onDiscard,
}: {
  message: string;
  busy: boolean;
  onSaveNotCompleted: () => void;
  onDiscard: () => void;
}) {
  return (
    <Alert color="orange" variant="light" role="alert" title="Not saved as a completed call" p="xs">
      <Stack gap={6}>
        <Text size="sm">{message}</Text>
        <Text size="sm">
          Your answers stay on screen. Save them as a call not completed (no quota counts it), or discard the call.
        </Text>
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
  const { call, currentQuestion, screen } = state;
  if (call === null || screen.kind !== 'onCall') return null;
  const { step, refusal } = screen;
  return (
    <Stack gap="xs">
      {refusal?.kind === 'stale' && <RefusedSave message={refusal.message} />}
      {refusal?.kind === 'quotaFull' && (
        <QuotaFullSave
          message={refusal.message}
          busy={state.busy}
          onSaveNotCompleted={state.saveNotCompleted}
          onDiscard={state.discardCall}
        />
      )}
      <Flex gap="sm" align="flex-start" direction={{ base: 'column', sm: 'row' }}>
        <Box w={{ base: '100%', sm: LEAD_CARD_WIDTH }} style={{ flex: 'none' }}>
          <LeadDetailsCard lead={call.lead} />
        </Box>
        <Box w="100%" style={{ flex: 1, minWidth: 0 }}>
          {step.kind !== 'answering' ? (
            <EndOfCallPanel call={call} step={step} state={state} />
          ) : call.run === undefined || currentQuestion === undefined ? (
            <Paper withBorder p="sm" component="section" aria-label="Survey">
              <Text c="dimmed">
                This campaign has no active questions, so there is no survey to walk. Ask an admin to add questions.
              </Text>
            </Paper>
          ) : (
            <SurveyPanel
              call={call}
              run={call.run}
              question={currentQuestion}
              agentName={agentName}
              draftState={state.draftState}
              busy={state.busy}
              problem={screen.problem}
              onAnswer={state.answer}
              onNext={state.next}
              onBack={state.back}
              onPartialCall={state.partialCall}
            />
          )}
        </Box>
      </Flex>
    </Stack>
  );
}

/** What leaving the call on screen means, in the leave dialog. */
/** The question before a call in progress is left (signing out is not held up: the draft resumes the call). */
const LEAVE_CALL_TITLE = 'Leave this call?';

function leaveMessage(state: TCrmCall): string {
  const qno = state.currentQuestion?.qno;
  const screen = state.screen;
  const step = screen.kind === 'onCall' ? screen.step.kind : null;
  if (step === 'settingCallback')
    return 'The call is saved, but its callback is not set. If you leave now the callback is lost.';
  if (state.draftState === 'failed' || step === 'failed' || (screen.kind === 'onCall' && screen.refusal !== null)) {
    return 'The answers of this call are not saved. If you leave now they are lost.';
  }
  return `This call is not finished. Its answers so far are kept as a draft: come back to CRM to resume${qno === undefined ? '' : ` at ${qno}`}.`;
}

type Props = {
  campaignName: string;
  agentName: string;
  /** The page's title (and an admin's campaign choice), on the search's line. */
  heading: ReactNode;
  /** An agent's screen: the dialer's pops, the callbacks and the shift are theirs. */
  isAgent: boolean;
  /** VICIdial's web form opened /CRM for a call: its variables. */
  webForm: TWebFormPop | null;
};

export function CrmCallScreen({ campaignName, agentName, heading, isAgent, webForm }: Props) {
  const searchField = useRef<HTMLInputElement>(null);
  const [waiting, setWaiting] = useState<TDialerCall | null>(null);
  const firstCall = useWebFormCall(webForm);
  const state = useCrmCall(campaignName, searchField, { firstCall, wait: setWaiting });
  const pops = useCallPops({ state, campaignName, enabled: isAgent, waiting, setWaiting });
  const callbacks = useCallbacks({ enabled: isAgent });
  const shift = useQuery({ queryKey: myShiftKey, queryFn: fetchMyShift, enabled: isAgent, staleTime: 0 });
  useUnsavedGuard({
    active: state.unsaved,
    message: leaveMessage(state),
    title: LEAVE_CALL_TITLE,
    stayLabel: 'Stay on this call',
    beforeLeave: state.flushDraft,
  });
  useEffect(() => {
    searchField.current?.focus();
  }, []);

  /** The idle screen's next task, one key away (Alt+N): the dialer's waiting call, else the first due callback. */
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!event.altKey || event.ctrlKey || event.metaKey || event.key.toLowerCase() !== 'n' || !state.free) return;
    event.preventDefault();
    if (pops.waiting !== null) pops.take();
    else {
      const due = nextCallback(callbacks.data);
      if (due !== undefined) void state.runSearch(due.cellNumber, { leadId: due.leadId });
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const note = state.screen.kind === 'idle' ? state.screen.note : null;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end" gap="sm">
        {heading}
        <LeadSearchForm
          fieldRef={searchField}
          value={state.cellNumber}
          error={state.fieldError}
          searching={state.screen.kind === 'searching'}
          disabled={state.busy}
          onChange={state.changeCellNumber}
          onSearch={() => void state.runSearch()}
        />
      </Group>
      {pops.waiting !== null && (
        <PopBanner call={pops.waiting} free={state.free} onTake={pops.take} onDismiss={pops.dismiss} />
      )}
      <SearchOutcome note={note} campaignName={campaignName} />
      {state.call !== null ? (
        <CallBody state={state} agentName={agentName} />
      ) : (
        state.screen.kind === 'idle' && (
          <Stack gap="xs">
            {isAgent && <ShiftPanel shift={shift.data} />}
            <MyCallsPanel
              calls={state.myCalls.data}
              pending={state.myCalls.isPending}
              error={state.myCalls.error?.message ?? null}
              onResume={(cellNumber, call) => void state.runSearch(cellNumber, call)}
              disabled={state.busy}
              first={
                isAgent && (
                  <CallbacksPanel
                    callbacks={callbacks.data}
                    pending={callbacks.isPending}
                    error={callbacks.error?.message ?? null}
                    onCall={(callback) => void state.runSearch(callback.cellNumber, { leadId: callback.leadId })}
                    disabled={state.busy}
                  />
                )
              }
            />
            {isAgent && (
              <Text size="xs" c="dimmed">
                <Kbd size="xs">Alt</Kbd>+<Kbd size="xs">N</Kbd> next task: the dialer&apos;s waiting call, else the
                first callback due
              </Text>
            )}
          </Stack>
        )
      )}
    </Stack>
  );
}
