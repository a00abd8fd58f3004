// The state of one CRM screen: the number searched, the lead and survey of the call on screen, the run, and the save
// (spec §4 Survey: the 500 ms pause before an end's save, 'Survey Ended' only after the server took it, Retry on failure;
// a save refused because someone else saved the lead since the search keeps the answers and says who).
import { useEffect, useRef, useState, type RefObject } from 'react';
import { notifications } from '@mantine/notifications';
import { AGENT_PANEL_MESSAGES, SURVEY_MESSAGES, type TLead, type TLeadSaveBody } from '@crm/shared';
import { ApiError, notifyError } from '../../app/api.ts';
import { confirmAction } from '../../components/confirm.tsx';
import type { TCampaignSurvey } from '../logic/use-campaign-survey.ts';
import { fetchSurvey, findLeadByNumber, saveLeadAnswers } from './api.ts';
import { leadCellNumber, leadId, leadVersion } from './lead-view.ts';
import {
  advanceRun,
  backRun,
  currentQuestionId,
  partialCallBody,
  resumeRun,
  saveBody,
  startRun,
  withAnswer,
  type TRunAnswer,
  type TSurveyRun,
} from './survey-run.ts';

/** How long the last screen of a survey stays before the save (spec §4: the end action runs after 500 ms). */
export const SURVEY_END_DELAY_MS = 500;

export type TOutcome = 'ended' | 'partial';
type TPendingSave = { body: TLeadSaveBody; outcome: TOutcome };

export type TCall = {
  lead: TLead;
  survey: TCampaignSurvey;
  /** Undefined when the campaign has no active question. */
  run: TSurveyRun | undefined;
  /** Set when the call picked up where a partial call stopped. */
  resumed: { questionId: number; reached: boolean } | null;
  /** The agent answered or moved: a new search would drop something. */
  touched: boolean;
};

export type TPhase =
  | { kind: 'answering' }
  | { kind: 'ending'; save: TPendingSave }
  | { kind: 'saving'; save: TPendingSave }
  | { kind: 'failed'; save: TPendingSave; message: string };

export type TSearchState = { kind: 'idle' } | { kind: 'searching' } | { kind: 'not-generated'; cellNumber: string } | { kind: 'failed'; message: string };

const OUTCOME_MESSAGES: Record<TOutcome, string> = { ended: SURVEY_MESSAGES.ended, partial: SURVEY_MESSAGES.partial };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : AGENT_PANEL_MESSAGES.saveFailed;
}

/** Answers a new search would throw away: the agent's own, or a save that failed or was refused. */
function hasUnsavedAnswers(call: TCall | null, phase: TPhase, refused: string | null): boolean {
  return call !== null && (call.touched || phase.kind === 'failed' || refused !== null);
}

/** 409: the lead was saved by someone else after this screen looked it up; trying again cannot help. */
function isRefusedAsStale(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

function callFor(lead: TLead, survey: TCampaignSurvey): TCall {
  const resume = resumeRun(survey.questions, survey.rules, lead);
  if (resume !== undefined) return { lead, survey, run: resume.run, resumed: { questionId: resume.questionId, reached: resume.reached }, touched: false };
  return { lead, survey, run: startRun(survey.questions), resumed: null, touched: false };
}

export function useCrmCall(campaignName: string, searchField: RefObject<HTMLInputElement | null>) {
  const [cellNumber, setCellNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [search, setSearch] = useState<TSearchState>({ kind: 'idle' });
  const [call, setCall] = useState<TCall | null>(null);
  const [phase, setPhase] = useState<TPhase>({ kind: 'answering' });
  const [problem, setProblem] = useState<string | null>(null);
  const [finished, setFinished] = useState<TOutcome | null>(null);
  // The server's words when it refused a save because the lead was saved by someone else since the search.
  const [refused, setRefused] = useState<string | null>(null);
  // A reply to an older search than the latest is dropped.
  const searchSeq = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const busy = phase.kind === 'ending' || phase.kind === 'saving';

  function changeCellNumber(value: string) {
    setCellNumber(value);
    setFieldError(null);
  }

  async function runSearch() {
    const typed = cellNumber.trim();
    if (typed === '') {
      setFieldError(AGENT_PANEL_MESSAGES.cellNumberRequired);
      searchField.current?.focus();
      return;
    }
    if (busy) return;
    if (hasUnsavedAnswers(call, phase, refused)) {
      const discard = await confirmAction({ body: `The answers of this call are not saved. Search ${typed} and discard them?` });
      if (!discard) return;
    }
    const seq = ++searchSeq.current;
    setSearch({ kind: 'searching' });
    setFinished(null);
    setCall(null);
    setPhase({ kind: 'answering' });
    setProblem(null);
    setRefused(null);
    try {
      const [found, survey] = await Promise.all([findLeadByNumber(campaignName, typed), fetchSurvey(campaignName)]);
      if (seq !== searchSeq.current || !mounted.current) return;
      if (found.kind === 'not-generated') {
        setSearch({ kind: 'not-generated', cellNumber: typed });
        return;
      }
      setSearch({ kind: 'idle' });
      setCall(callFor(found.lead, survey));
    } catch (error) {
      if (seq !== searchSeq.current || !mounted.current) return;
      setSearch({ kind: 'failed', message: messageOf(error) });
    }
  }

  /** After a save the server took: make the screen ready for the next number. */
  function finish(outcome: TOutcome) {
    setFinished(outcome);
    setCall(null);
    setPhase({ kind: 'answering' });
    setProblem(null);
    setRefused(null);
    setCellNumber('');
    setFieldError(null);
    searchField.current?.focus();
  }

  async function runSave(target: TCall, save: TPendingSave) {
    setPhase({ kind: 'saving', save });
    setRefused(null);
    try {
      // The version the search found: a save by someone else since then is refused, not overwritten.
      await saveLeadAnswers(campaignName, leadCellNumber(target.lead), { leadId: leadId(target.lead), version: leadVersion(target.lead) }, save.body);
      notifications.show({ color: 'green', message: OUTCOME_MESSAGES[save.outcome] });
      // The call ends here; the lead's next save starts from a new search, which reads the version this save made.
      if (mounted.current) finish(save.outcome);
    } catch (error) {
      const message = messageOf(error);
      // Left the screen meanwhile: the failure still has to reach the agent.
      if (!mounted.current) notifyError(`${AGENT_PANEL_MESSAGES.saveFailed} ${message}`);
      else if (isRefusedAsStale(error)) {
        // The answers stay on screen, answerable again; Retry would only be refused again.
        setRefused(message);
        setPhase({ kind: 'answering' });
      } else setPhase({ kind: 'failed', save, message });
    }
  }

  function answer(questionId: number, value: TRunAnswer) {
    if (call?.run === undefined || busy) return;
    setCall({ ...call, run: withAnswer(call.run, questionId, value), touched: true });
    setProblem(null);
  }

  function next() {
    if (call?.run === undefined || busy) return;
    const step = advanceRun(call.survey.questions, call.survey.rules, call.run);
    if (step.kind === 'problem') {
      setProblem(step.message);
      return;
    }
    setProblem(null);
    if (step.kind === 'question') {
      setCall({ ...call, run: step.run, touched: true });
      setPhase({ kind: 'answering' });
      return;
    }
    const save: TPendingSave = { body: saveBody(call.survey.questions, step.run, step.isCalled), outcome: 'ended' };
    setPhase({ kind: 'ending', save });
    // Not cleared on unmount: leaving the screen during the pause must not drop the answers.
    setTimeout(() => void runSave(call, save), SURVEY_END_DELAY_MS);
  }

  function back() {
    if (call?.run === undefined || busy) return;
    setCall({ ...call, run: backRun(call.run), touched: true });
    setPhase({ kind: 'answering' });
    setProblem(null);
  }

  function partialCall() {
    if (call?.run === undefined || busy) return;
    setProblem(null);
    void runSave(call, { body: partialCallBody(call.survey.questions, call.run), outcome: 'partial' });
  }

  function retrySave() {
    if (call !== null && phase.kind === 'failed') void runSave(call, phase.save);
  }

  const currentId = call?.run === undefined ? undefined : currentQuestionId(call.run);
  return {
    cellNumber,
    changeCellNumber,
    fieldError,
    search,
    runSearch,
    call,
    currentQuestion: currentId === undefined ? undefined : call?.survey.byId.get(currentId),
    phase,
    busy,
    problem,
    refused,
    finished,
    answer,
    next,
    back,
    partialCall,
    retrySave,
  };
}

export type TCrmCall = ReturnType<typeof useCrmCall>;
