// The end of the call on screen (docs/guide/call-loop.md, Dispositions): how the call ended, chosen by keys 1–9 (the survey's
// options' keys), Enter saves, Esc goes back to the survey; a callback disposition shows the callback form in the same
// step; then the save's progress or failure (Retry save), and the callback being set (Retry keeps the form). Compact, so
// it fits beside the lead card on a 1366×768 screen.
import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { Alert, Box, Button, Group, Kbd, Loader, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TDisposition } from '@crm/shared';
import { displayTimeZone } from '../../app/time-zone.ts';
import { CallTimer } from './CallProgress.tsx';
import { CallbackForm, QUICK_PICK_KEYS } from './CallbackForm.tsx';
import { dispositionsForEnd, OUTCOME_MESSAGES, type TCallEnd } from './call-end.ts';
import type { TCall, TStep } from './call-state.ts';
import { callbackQuickPicks, type TCallbackForm } from './callback-time.ts';
import { isTypingField } from './keys.ts';
import { MAX_NUMBER_KEY } from './QuestionInput.tsx';
import type { TCrmCall } from './use-crm-call.ts';

type Props = { call: TCall; step: Exclude<TStep, { kind: 'answering' }>; state: TCrmCall };

/** What the step says of the survey's end, above the choice. */
function endText(end: TCallEnd, call: TCall): string {
  const qno =
    end.outcome === 'partial' && call.run !== undefined
      ? call.survey.byId.get(call.run.path[call.run.path.length - 1] ?? -1)?.qno
      : undefined;
  switch (end.outcome) {
    case 'completed':
      return 'The survey is completed.';
    case 'notCompleted':
      return 'The survey ended not completed.';
    case 'partial':
      return `Partial Call${qno === undefined ? '' : ` at ${qno}`}: what you typed there is kept for the next call.`;
    case 'savedNotCompleted':
      return 'The quota is full: the answers are saved as a call not completed.';
  }
}

const KIND_NOTES: Partial<Record<TDisposition['kind'], string>> = {
  dnc: 'The number goes on the campaign’s do-not-call list with the save.',
  final: 'The lead is not called again.',
  retry: 'The lead may be generated again.',
};

function DispositionLabel({ index, disposition }: { index: number; disposition: TDisposition }) {
  return (
    <Group gap={6} wrap="nowrap" component="span">
      {index < MAX_NUMBER_KEY && <Kbd size="xs">{index + 1}</Kbd>}
      <Text span size="sm">
        {disposition.name}
      </Text>
    </Group>
  );
}

function SaveFailure({
  step,
  onRetry,
  onBack,
}: {
  step: Extract<TStep, { kind: 'failed' }>;
  onRetry: () => void;
  onBack: () => void;
}) {
  const retry = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // A keyboard user lands on Retry save when a save fails.
    retry.current?.focus();
  }, []);
  return (
    <Alert
      color={step.mayBeSaved ? 'orange' : 'red'}
      variant="light"
      role="alert"
      title={step.mayBeSaved ? 'The answers may have been saved' : 'The answers were not saved'}
      p="xs"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{step.message}</Text>
        <Text size="sm">
          {step.mayBeSaved
            ? 'The answers stay on screen. Retry save stores them once: a save that went through is not stored again.'
            : 'The answers stay on screen. Try the save again, or go back to the survey to change an answer.'}
        </Text>
        <Group gap="xs">
          <Button ref={retry} size="xs" color="red" onClick={onRetry}>
            Retry save
          </Button>
          <Button size="xs" variant="default" onClick={onBack}>
            Back to the survey
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function CallbackState({ step, state }: { step: Extract<TStep, { kind: 'settingCallback' }>; state: TCrmCall }) {
  const retry = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (step.error !== null) retry.current?.focus();
  }, [step.error]);
  if (step.sending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">Setting the callback…</Text>
      </Group>
    );
  }
  return (
    <Alert color="red" variant="light" role="alert" title="The callback was not set" p="xs">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{step.error}</Text>
        <Text size="sm">
          The call is saved. The callback form keeps what you typed: correct it if needed and retry.
        </Text>
        <Group gap="xs">
          <Button ref={retry} size="xs" color="red" onClick={state.retryCallback}>
            Retry
          </Button>
          <Button size="xs" variant="default" onClick={state.skipCallback}>
            Go on without a callback
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export function EndOfCallPanel({ call, step, state }: Props) {
  const panel = useRef<HTMLElement>(null);
  const choices = useRef<HTMLDivElement>(null);
  const timeFieldId = useId();
  const end =
    step.kind === 'disposing' ? step.end : step.kind === 'saving' || step.kind === 'failed' ? step.save.end : null;
  const allowed = end === null || call.dispositions === null ? [] : dispositionsForEnd(call.dispositions, end.outcome);
  const chosenCode =
    step.kind === 'disposing'
      ? step.choice.code
      : step.kind === 'saving' || step.kind === 'failed'
        ? (step.save.disposition?.code ?? null)
        : null;
  const chosen = allowed.find((d) => d.code === chosenCode);
  const choosing = step.kind === 'disposing';
  const form: TCallbackForm | null =
    step.kind === 'settingCallback'
      ? step.form
      : chosen?.kind !== 'callback'
        ? null
        : step.kind === 'disposing'
          ? step.choice.callback
          : (step.save.callback ?? null);
  const problem = step.kind === 'disposing' ? step.choice.problem : null;

  // The step takes the focus: the disposition chosen, else the first; the time field when it is what is missing.
  useEffect(() => {
    if (!choosing) return;
    const area = choices.current;
    (area?.querySelector<HTMLElement>('input:checked') ?? area?.querySelector<HTMLElement>('input'))?.focus();
  }, [choosing]);
  useEffect(() => {
    if (problem !== null && form !== null && chosen?.kind === 'callback') document.getElementById(timeFieldId)?.focus();
  }, [problem, form, chosen?.kind, timeFieldId]);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const target = event.target;
    if (event.defaultPrevented || event.altKey || !(target instanceof Element) || panel.current === null) return;
    if (target !== document.body && !panel.current.contains(target)) return;
    if (event.key === 'Escape' && (step.kind === 'disposing' || step.kind === 'failed')) {
      event.preventDefault();
      state.backToSurvey();
      return;
    }
    if (!choosing) return;
    if (event.key === 'Enter') {
      if (target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement) return;
      event.preventDefault();
      state.confirmEnd();
      return;
    }
    if (event.ctrlKey || event.metaKey || isTypingField(target)) return;
    if (/^[1-9]$/.test(event.key)) {
      const disposition = allowed[Number(event.key) - 1];
      if (disposition === undefined) return;
      event.preventDefault();
      state.chooseDisposition(disposition.code);
      choices.current?.querySelectorAll<HTMLInputElement>('input')[Number(event.key) - 1]?.focus();
      return;
    }
    const pick =
      form === null ? undefined : Object.entries(QUICK_PICK_KEYS).find(([, key]) => key === event.key.toLowerCase());
    const at =
      pick === undefined
        ? undefined
        : callbackQuickPicks(Date.now(), displayTimeZone()).find((p) => p.label === pick[0])?.at;
    if (at !== undefined) {
      event.preventDefault();
      state.changeCallback({ at });
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  return (
    <Paper withBorder p="sm" component="section" aria-label="End of call" ref={panel}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            {step.kind === 'settingCallback' ? 'Callback' : 'How did the call end?'}
          </Title>
          <CallTimer startedAt={call.startedAt} />
        </Group>
        <Text size="sm" c="dimmed">
          {step.kind === 'settingCallback'
            ? `${OUTCOME_MESSAGES[step.saved.outcome]} The call is saved; its callback is set next.`
            : end === null
              ? ''
              : endText(end, call)}
        </Text>
        <SimpleGrid cols={form === null ? 1 : 2} spacing="md">
          {step.kind !== 'settingCallback' && (
            <Box ref={choices}>
              {allowed.length === 0 ? (
                <Text size="sm" c="dimmed">
                  The campaign&apos;s dispositions could not be read: the save takes its default for this end.
                </Text>
              ) : (
                <Radio.Group
                  label="Disposition"
                  value={chosenCode ?? ''}
                  onChange={state.chooseDisposition}
                  error={choosing && form === null ? problem : null}
                >
                  <Stack gap={6} mt={4}>
                    {allowed.map((d, index) => (
                      <Radio
                        key={d.code}
                        value={d.code}
                        label={<DispositionLabel index={index} disposition={d} />}
                        disabled={!choosing}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
              {chosen !== undefined && KIND_NOTES[chosen.kind] !== undefined && (
                <Text size="xs" c="dimmed" mt={6}>
                  {KIND_NOTES[chosen.kind]}
                </Text>
              )}
            </Box>
          )}
          {form !== null && (
            <Stack gap={4}>
              <CallbackForm
                form={form}
                timeFieldId={timeFieldId}
                disabled={!(choosing || (step.kind === 'settingCallback' && !step.sending))}
                onChange={state.changeCallback}
              />
              {problem !== null && (
                <Text size="sm" c="red" role="alert">
                  {problem}
                </Text>
              )}
            </Stack>
          )}
        </SimpleGrid>
        {choosing && (
          <Group justify="space-between" wrap="nowrap">
            <Button variant="default" onClick={state.backToSurvey}>
              Back to the survey
            </Button>
            <Button onClick={state.confirmEnd}>Save</Button>
          </Group>
        )}
        {step.kind === 'saving' && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">Saving the answers…</Text>
          </Group>
        )}
        {step.kind === 'failed' && <SaveFailure step={step} onRetry={state.retrySave} onBack={state.backToSurvey} />}
        {step.kind === 'settingCallback' && <CallbackState step={step} state={state} />}
        {choosing && (
          <Text size="xs" c="dimmed">
            <Kbd size="xs">1</Kbd>–<Kbd size="xs">9</Kbd> choose · <Kbd size="xs">Enter</Kbd> save ·{' '}
            <Kbd size="xs">Esc</Kbd> back to the survey
            {form !== null && (
              <>
                {' '}
                · <Kbd size="xs">H</Kbd> <Kbd size="xs">E</Kbd> <Kbd size="xs">T</Kbd> quick picks
              </>
            )}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
