// One campaign's calls: search a number, then the lead's details beside its survey; after a save, ready for the next number.
import { useEffect, useRef } from 'react';
import { Alert, Grid, Paper, Stack, Text } from '@mantine/core';
import { SURVEY_MESSAGES } from '@crm/shared';
import { LeadDetailsCard } from './LeadDetailsCard.tsx';
import { LeadSearchForm } from './LeadSearchForm.tsx';
import { SurveyPanel } from './SurveyPanel.tsx';
import { useCrmCall, type TCrmCall } from './use-crm-call.ts';

function SearchOutcome({ state }: { state: TCrmCall }) {
  const { search, finished } = state;
  if (search.kind === 'not-generated') {
    return (
      <Alert color="yellow" variant="light" role="alert" title={SURVEY_MESSAGES.leadNotGenerated}>
        No generated lead of this campaign has the number {search.cellNumber}.
      </Alert>
    );
  }
  if (search.kind === 'failed') {
    return (
      <Alert color="red" variant="light" role="alert" title="The lead search failed">
        {search.message}
      </Alert>
    );
  }
  if (finished !== null && search.kind === 'idle' && state.call === null) {
    return (
      <Alert color="green" variant="light" role="status" title={finished === 'ended' ? SURVEY_MESSAGES.ended : SURVEY_MESSAGES.partial}>
        Saved. Search the next number.
      </Alert>
    );
  }
  return null;
}

/** A save refused because someone else saved the lead after the search: who and when, and that the answers stay. */
function RefusedSave({ message }: { message: string }) {
  return (
    <Alert color="orange" variant="light" role="alert" title="The answers were not saved">
      <Stack gap={4}>
        <Text size="sm">{message}</Text>
        <Text size="sm">Your answers stay on screen: note them before you search the number again.</Text>
      </Stack>
    </Alert>
  );
}

function CallBody({ state, agentName }: { state: TCrmCall; agentName: string }) {
  const { call, currentQuestion } = state;
  if (call === null) return null;
  return (
    <Stack gap="md">
      {state.refused !== null && <RefusedSave message={state.refused} />}
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <LeadDetailsCard lead={call.lead} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {call.run === undefined || currentQuestion === undefined ? (
            <Paper withBorder p="md" component="section" aria-label="Survey">
              <Text c="dimmed">This campaign has no active questions, so there is no survey to walk. Ask an admin to add questions.</Text>
            </Paper>
          ) : (
            <SurveyPanel
              call={call}
              run={call.run}
              question={currentQuestion}
              agentName={agentName}
              phase={state.phase}
              busy={state.busy}
              problem={state.problem}
              onAnswer={state.answer}
              onNext={state.next}
              onBack={state.back}
              onPartialCall={state.partialCall}
              onRetrySave={state.retrySave}
            />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function CrmCallScreen({ campaignName, agentName }: { campaignName: string; agentName: string }) {
  const searchField = useRef<HTMLInputElement>(null);
  const state = useCrmCall(campaignName, searchField);
  useEffect(() => {
    searchField.current?.focus();
  }, []);

  return (
    <Stack gap="md">
      <LeadSearchForm
        fieldRef={searchField}
        value={state.cellNumber}
        error={state.fieldError}
        searching={state.search.kind === 'searching'}
        disabled={state.busy}
        onChange={state.changeCellNumber}
        onSearch={() => void state.runSearch()}
      />
      <SearchOutcome state={state} />
      <CallBody state={state} agentName={agentName} />
    </Stack>
  );
}
