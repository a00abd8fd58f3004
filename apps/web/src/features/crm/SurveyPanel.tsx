// The survey of the call on screen, one question at a time (docs/product.md §4 Survey): where the call is and its timer, title, the
// value to read out, the instruction, the answer, Back / Partial Call / Next, whether the answers are kept as a draft,
// and the answers so far. Works by keyboard; compact, so a call fits a 1366×768 screen. The call's end (its disposition
// and the save) is EndOfCallPanel.tsx.
import { useEffect, useEffectEvent, useRef } from 'react';
import { Alert, Button, Group, Kbd, List, Paper, Stack, Text, Title } from '@mantine/core';
import { parseOptions, type TQuestion } from '@crm/shared';
import { CallProgress } from './CallProgress.tsx';
import type { TCall } from './call-state.ts';
import { callFillSource, callQuestionText, shownAnswerText } from './call-text.ts';
import { isTypingField } from './keys.ts';
import { optionalValueText } from '../../components/lead/lead-view.ts';
import { QuestionInput } from './QuestionInput.tsx';
import {
  callShownFor,
  canGoBack,
  likelyQuestionCount,
  toggleChoice,
  type TRunAnswer,
  type TSurveyRun,
} from './survey-run.ts';
import type { TDraftState } from './use-draft-saver.ts';

type Props = {
  call: TCall;
  run: TSurveyRun;
  question: TQuestion;
  agentName: string;
  draftState: TDraftState;
  busy: boolean;
  problem: string | null;
  onAnswer: (questionId: number, answer: TRunAnswer) => void;
  onNext: () => void;
  onBack: () => void;
  onPartialCall: () => void;
};

function AnswersSoFar({ call, run }: { call: TCall; run: TSurveyRun }) {
  const earlier = run.path.slice(0, -1).flatMap((id) => {
    const q = call.survey.byId.get(id);
    return q === undefined ? [] : [q];
  });
  if (earlier.length === 0) return null;
  const source = callFillSource(call.lead, call.survey.byId, run);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500} id="answers-so-far">
        Answers so far
      </Text>
      <List size="xs" spacing={0} aria-labelledby="answers-so-far">
        {earlier.map((q, index) => (
          <List.Item key={`${index}:${q.id}`}>
            {q.qno}. {callQuestionText(q, source).titleFilled} —{' '}
            <b>{shownAnswerText(q, run.answers[q.id], call.lead) ?? (q.type === 'Plain Text' ? 'read out' : '—')}</b>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** "Resumed at Q3": the agent's own draft, or where the last (partial) call of this lead stopped. */
function resumedText(qno: string, resumed: NonNullable<TCall['resumed']>): string {
  if (resumed.from === 'draft') return `Resumed at ${qno}, where you left this call: the answers so far are back.`;
  if (resumed.from === 'parked')
    return `Resumed at ${qno}, where your partial call stopped: the answers so far and what you typed here are back.`;
  return resumed.reached
    ? `Resumed at ${qno}, where the last call of this lead stopped (partial call).`
    : `Resumed at ${qno}, where the last call stopped (partial call). The stored answers no longer lead here with the current logic: check them with Back.`;
}

/** Whether the answers so far are kept on the server, so a reload or a crash loses none. */
function DraftNote({ state }: { state: TDraftState }) {
  if (state === 'none') return null;
  if (state === 'failed') {
    return (
      <Text size="xs" c="red" role="status">
        The answers could not be kept as a draft: do not reload this page.
      </Text>
    );
  }
  return (
    <Text size="xs" c="dimmed" role="status">
      {state === 'saving' ? 'Keeping the answers as a draft…' : 'Answers kept as a draft'}
    </Text>
  );
}

export function SurveyPanel({
  call,
  run,
  question,
  agentName,
  draftState,
  busy,
  problem,
  onAnswer,
  onNext,
  onBack,
  onPartialCall,
}: Props) {
  const panel = useRef<HTMLElement>(null);
  const inputArea = useRef<HTMLDivElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const answer = run.answers[question.id];
  const readOut = optionalValueText(question.optionalValue, call.lead, agentName);
  const resumedHere = call.resumed !== null && call.resumed.questionId === question.id;
  // The lead's values and this call's answers in the text, refilled as the call goes.
  const text = callQuestionText(question, callFillSource(call.lead, call.survey.byId, run));

  // Each new question (also a question seen again through a loop) takes the focus: its chosen option, first input, or Next.
  const step = `${run.path.length}:${question.id}`;
  useEffect(() => {
    const area = inputArea.current;
    const target =
      area?.querySelector<HTMLElement>('input:checked') ??
      area?.querySelector<HTMLElement>('input, textarea') ??
      nextButton.current;
    target?.focus();
  }, [step]);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const target = event.target;
    if (event.defaultPrevented || event.altKey || !(target instanceof Element) || panel.current === null) return;
    if (target !== document.body && !panel.current.contains(target)) return;
    if (event.key === 'Enter') {
      // Buttons keep Enter for themselves; a text area takes Enter as a new line and Ctrl+Enter as Next.
      if (target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement) return;
      if (target instanceof HTMLTextAreaElement && !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      onNext();
      return;
    }
    if (event.ctrlKey || event.metaKey || isTypingField(target) || !/^[1-9]$/.test(event.key)) return;
    if (question.type !== 'Select Option' && question.type !== 'Multi Select Option') return;
    const index = Number(event.key) - 1;
    const options = parseOptions(question.options);
    const option = options[index];
    if (option === undefined || busy) return;
    event.preventDefault();
    onAnswer(question.id, question.type === 'Select Option' ? option : toggleChoice(options, answer, option));
    inputArea.current?.querySelectorAll<HTMLInputElement>('input')[index]?.focus();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  return (
    <Paper withBorder p="sm" component="section" aria-label="Survey" ref={panel}>
      <Stack gap="xs">
        <CallProgress
          position={run.path.length}
          likelyTotal={likelyQuestionCount(call.survey.questions, call.survey.rules, run, callShownFor(call))}
          startedAt={call.startedAt}
        />
        {resumedHere && call.resumed !== null && (
          <Alert color="blue" variant="light" p={6}>
            <Text size="sm">{resumedText(question.qno, call.resumed)}</Text>
          </Alert>
        )}
        <Title order={2} size="h4">
          {question.qno}. {text.titleFilled}
        </Title>
        {readOut !== undefined && (
          <Text size="md" fw={500}>
            {readOut}
          </Text>
        )}
        {text.instructionFilled !== null && text.instructionFilled.trim() !== '' && (
          <Alert color="gray" variant="light" p={6} aria-label="Instruction">
            <Text size="sm">
              <Text span fw={600} size="sm">
                Instruction:{' '}
              </Text>
              {text.instructionFilled}
            </Text>
          </Alert>
        )}
        <div ref={inputArea}>
          <QuestionInput
            question={question}
            optionLabels={text.optionsFilled}
            answer={answer}
            error={problem}
            disabled={busy}
            onAnswer={(value) => onAnswer(question.id, value)}
          />
        </div>
        <Group justify="space-between" wrap="nowrap">
          <Button variant="default" onClick={onBack} disabled={busy || !canGoBack(run)}>
            Back
          </Button>
          <Group gap="sm" wrap="nowrap">
            <Button variant="light" color="orange" onClick={onPartialCall} disabled={busy}>
              Partial Call
            </Button>
            <Button ref={nextButton} onClick={onNext} disabled={busy}>
              Next
            </Button>
          </Group>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            <Kbd size="xs">Enter</Kbd> Next (<Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">Enter</Kbd> in a text area) ·{' '}
            <Kbd size="xs">1</Kbd>–<Kbd size="xs">9</Kbd> choose · <Kbd size="xs">Tab</Kbd> move
          </Text>
          <DraftNote state={draftState} />
        </Group>
        <AnswersSoFar call={call} run={run} />
      </Stack>
    </Paper>
  );
}
