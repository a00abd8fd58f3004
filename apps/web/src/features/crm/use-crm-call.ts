// The state of one CRM screen: the number searched, the lead and survey of the call on screen, the run, and the save
// (docs/product.md §4 Survey: the 500 ms pause before an end's save, 'Survey Ended' only after the server took it, Retry on failure;
// a save refused because someone else saved the lead since the search keeps the answers and says who; one refused
// because a quota filled meanwhile keeps them too and offers to save them as not completed, docs/quotas.md). The call
// in progress is kept on the server as a draft at each answer, resumed on the next visit, and deleted by the save.
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AGENT_PANEL_MESSAGES, isDoNotCallMessage, isQuotaFullMessage, SAVE_OUTCOME_UNKNOWN, SURVEY_MESSAGES, type TCallDraft, type TLead, type TLeadSaveBody, type TMyCalls } from '@crm/shared';
import { ApiError, notifyError } from '../../app/api.ts';
import { confirmAction } from '../../components/confirm.tsx';
import type { TCampaignSurvey } from '../logic/use-campaign-survey.ts';
import { fetchMyCalls, fetchSurvey, findLeadByNumber, myCallsKey, saveLeadAnswers } from './api.ts';
import { draftOfRun, runFromDraft } from './call-draft.ts';
import { leadCellNumber, leadId, leadVersion } from './lead-view.ts';
import {
  advanceRun,
  backRun,
  currentQuestionId,
  partialCallBody,
  resumeRun,
  callShownFor,
  saveBody,
  startRun,
  withAnswer,
  type TRunAnswer,
  type TSurveyRun,
} from './survey-run.ts';
import { useDraftSaver } from './use-draft-saver.ts';

/** How long the last screen of a survey stays before the save (docs/product.md §4: the end action runs after 500 ms). */
export const SURVEY_END_DELAY_MS = 500;

export type TOutcome = 'ended' | 'partial';
type TPendingSave = { body: TLeadSaveBody; outcome: TOutcome };

/** Where a call picked up: a partial call's stored answers, or the caller's own draft of a call left unfinished. */
export type TResumed = { questionId: number; from: 'partial' | 'draft'; reached: boolean };

export type TCall = {
  lead: TLead;
  survey: TCampaignSurvey;
  /** Undefined when the campaign has no active question. */
  run: TSurveyRun | undefined;
  resumed: TResumed | null;
  /** Answers not yet saved to the lead are on screen: a new search or leaving would drop something. */
  touched: boolean;
  /** When the lookup found the lead (epoch ms): the call timer counts from here. */
  startedAt: number;
  /** The lead's version the save names: as this call first looked it up (a draft keeps it across a reload). */
  version: number | undefined;
};

export type TPhase =
  | { kind: 'answering' }
  | { kind: 'ending'; save: TPendingSave }
  | { kind: 'saving'; save: TPendingSave }
  /** mayBeSaved: the save's outcome is unknown (the database went away mid-commit, or no answer came in time). */
  | { kind: 'failed'; save: TPendingSave; message: string; mayBeSaved: boolean };

export type TSearchState =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'not-generated'; cellNumber: string }
  /** 403: the number is on the system's or the campaign's do-not-call list; message is the server's, word for word. */
  | { kind: 'do-not-call'; message: string }
  /** 409: the lead falls in a full quota of the campaign ("Quota full for region = Dhaka"); no survey is offered. */
  | { kind: 'quota-full'; message: string }
  | { kind: 'failed'; message: string };

/** A completed call's save refused because one of its quotas filled since the search: the server's words and the save. */
export type TQuotaFullSave = { message: string; save: TPendingSave };

const OUTCOME_MESSAGES: Record<TOutcome, string> = { ended: SURVEY_MESSAGES.ended, partial: SURVEY_MESSAGES.partial };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : AGENT_PANEL_MESSAGES.saveFailed;
}

/** Answers a new search would throw away: the agent's own, or a save that failed or was refused. */
function hasUnsavedAnswers(call: TCall | null, phase: TPhase, refused: boolean): boolean {
  return call !== null && (call.touched || phase.kind === 'failed' || refused);
}

/** 409 "Quota full for …": the lead (at the lookup) or the completed call (at the save) falls in a full quota. */
function isRefusedAsQuotaFull(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && isQuotaFullMessage(error.message);
}

/** A save that may have been stored: the server could not tell (its code), or its answer never came. A retry is safe. */
function mayHaveBeenSaved(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const body = error.body;
  const code = typeof body === 'object' && body !== null && 'code' in body ? body.code : undefined;
  return code === SAVE_OUTCOME_UNKNOWN || error.kind === 'timeout';
}

/** Any other 409: the lead was saved by someone else after this screen looked it up; trying again cannot help. */
function isRefusedAsStale(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && !isQuotaFullMessage(error.message);
}

/** The call of a lead found: the caller's draft of it when there is one, else where a partial call stopped, else Q1. */
function callFor(lead: TLead, survey: TCampaignSurvey, draft: TCallDraft | undefined): TCall {
  const start = { lead, survey, startedAt: Date.now(), version: leadVersion(lead) };
  const fromDraft = draft === undefined || draft.leadId !== leadId(lead) ? undefined : runFromDraft(survey.questions, draft);
  if (fromDraft !== undefined && draft !== undefined) {
    const resumed: TResumed = { questionId: currentQuestionId(fromDraft), from: 'draft', reached: true };
    return { ...start, version: draft.leadVersion ?? start.version, run: fromDraft, resumed, touched: true };
  }
  const shownFor = callShownFor({ lead, survey });
  const resume = resumeRun(survey.questions, survey.rules, lead, shownFor);
  if (resume !== undefined) return { ...start, run: resume.run, resumed: { questionId: resume.questionId, from: 'partial', reached: resume.reached }, touched: false };
  return { ...start, run: startRun(survey.questions, shownFor), resumed: null, touched: false };
}

function withoutDraft(calls: TMyCalls | undefined, id: number): TMyCalls | undefined {
  return calls === undefined ? undefined : { ...calls, drafts: calls.drafts.filter((d) => d.leadId !== id) };
}

export function useCrmCall(campaignName: string, searchField: RefObject<HTMLInputElement | null>) {
  const queryClient = useQueryClient();
  const myCalls = useQuery({ queryKey: myCallsKey(campaignName), queryFn: () => fetchMyCalls(campaignName), staleTime: 0 });
  const drafts = useDraftSaver(campaignName);
  const [cellNumber, setCellNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [search, setSearch] = useState<TSearchState>({ kind: 'idle' });
  const [call, setCall] = useState<TCall | null>(null);
  const [phase, setPhase] = useState<TPhase>({ kind: 'answering' });
  const [problem, setProblem] = useState<string | null>(null);
  const [finished, setFinished] = useState<TOutcome | null>(null);
  /** The lead of the call just saved: the end-of-call area may put its number on the do-not-call list. */
  const [lastCall, setLastCall] = useState<{ leadId: number; cellNumber: string } | null>(null);
  // The server's words when it refused a save because the lead was saved by someone else since the search.
  const [refused, setRefused] = useState<string | null>(null);
  // The server's words when it refused a completed call because a quota filled since the search.
  const [quotaFull, setQuotaFull] = useState<TQuotaFullSave | null>(null);
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
  const refusedSave = refused !== null || quotaFull !== null;
  const unsaved = hasUnsavedAnswers(call, phase, refusedSave) || busy;

  /** The lead's draft is gone on the server (saved or given up): the idle screen's lists follow. */
  function forgetDraft(id: number | undefined) {
    if (id !== undefined) queryClient.setQueryData<TMyCalls>(myCallsKey(campaignName), (calls) => withoutDraft(calls, id));
    void queryClient.invalidateQueries({ queryKey: myCallsKey(campaignName) });
  }

  function keepDraft(next: TCall, now: boolean) {
    const id = leadId(next.lead);
    if (id !== undefined && next.run !== undefined) drafts.save(id, draftOfRun(next.survey.questions, next.run, next.version), { now });
  }

  function changeCellNumber(value: string) {
    setCellNumber(value);
    setFieldError(null);
  }

  /** Looks the number up (typed, or a call of the idle screen's lists) and opens its call; `draft` resumes it. */
  async function runSearch(number?: string, draft?: TCallDraft) {
    const typed = (number ?? cellNumber).trim();
    if (typed === '') {
      setFieldError(AGENT_PANEL_MESSAGES.cellNumberRequired);
      searchField.current?.focus();
      return;
    }
    if (busy) return;
    if (hasUnsavedAnswers(call, phase, refusedSave)) {
      const discard = await confirmAction({ body: `The answers of this call are not saved. Search ${typed} and discard them?` });
      if (!discard) return;
    }
    if (number !== undefined) setCellNumber(number);
    const given = call === null ? undefined : leadId(call.lead);
    const seq = ++searchSeq.current;
    setSearch({ kind: 'searching' });
    setFinished(null);
    setCall(null);
    setPhase({ kind: 'answering' });
    setProblem(null);
    setRefused(null);
    setQuotaFull(null);
    try {
      // A new search gives the call on screen up: its draft goes first, so the number searched may be the same lead.
      if (given !== undefined) {
        await drafts.discard(given);
        forgetDraft(given);
      }
      drafts.reset();
      const [found, survey] = await Promise.all([findLeadByNumber(campaignName, typed), fetchSurvey(campaignName)]);
      if (seq !== searchSeq.current || !mounted.current) return;
      if (found.kind === 'not-generated') {
        setSearch({ kind: 'not-generated', cellNumber: typed });
        return;
      }
      const id = leadId(found.lead);
      const ownDraft = draft ?? queryClient.getQueryData<TMyCalls>(myCallsKey(campaignName))?.drafts.find((d) => d.leadId === id);
      setSearch({ kind: 'idle' });
      setCall(callFor(found.lead, survey, ownDraft));
    } catch (error) {
      if (seq !== searchSeq.current || !mounted.current) return;
      if (error instanceof ApiError && error.status === 403 && isDoNotCallMessage(error.message)) setSearch({ kind: 'do-not-call', message: error.message });
      else if (isRefusedAsQuotaFull(error)) setSearch({ kind: 'quota-full', message: error.message });
      else setSearch({ kind: 'failed', message: messageOf(error) });
    }
  }

  // Arriving with a call left unfinished (a reload, a crash, another screen): it resumes at once, the newest first.
  const resumeLeftCall = useEffectEvent((calls: TMyCalls) => {
    const newest = calls.drafts[0];
    if (newest !== undefined && call === null && search.kind === 'idle' && cellNumber === '') void runSearch(newest.cellNumber, newest);
  });
  const resumedOnArrival = useRef(false);
  useEffect(() => {
    // Not from the cache of an earlier visit: that list predates the call left since.
    if (!myCalls.isFetchedAfterMount || myCalls.data === undefined || resumedOnArrival.current) return;
    resumedOnArrival.current = true;
    resumeLeftCall(myCalls.data);
  }, [myCalls.isFetchedAfterMount, myCalls.data]);

  /** No call on screen any more (saved, or discarded): the search field empty and focused for the next number. */
  function clearCall() {
    setCall(null);
    setPhase({ kind: 'answering' });
    setProblem(null);
    setRefused(null);
    setQuotaFull(null);
    setCellNumber('');
    searchField.current?.focus();
  }

  /** After a save the server took: make the screen ready for the next number. */
  function finish(outcome: TOutcome, lead: TLead) {
    const id = leadId(lead);
    setFinished(outcome);
    setLastCall(id === undefined ? null : { leadId: id, cellNumber: leadCellNumber(lead) });
    clearCall();
    setFieldError(null);
  }

  async function runSave(target: TCall, save: TPendingSave) {
    setPhase({ kind: 'saving', save });
    setRefused(null);
    setQuotaFull(null);
    try {
      // The save deletes the draft on the server: no draft sent before it may arrive after it.
      await drafts.settle();
      // The version the search found: a save by someone else since then is refused, not overwritten.
      await saveLeadAnswers(campaignName, leadCellNumber(target.lead), { leadId: leadId(target.lead), version: target.version }, save.body);
      notifications.show({ color: 'green', message: OUTCOME_MESSAGES[save.outcome] });
      forgetDraft(leadId(target.lead));
      // The call ends here; the lead's next save starts from a new search, which reads the version this save made.
      if (mounted.current) finish(save.outcome, target.lead);
    } catch (error) {
      const message = messageOf(error);
      // Left the screen meanwhile: the failure still has to reach the agent.
      if (!mounted.current) notifyError(`${AGENT_PANEL_MESSAGES.saveFailed} ${message}`);
      else if (isRefusedAsQuotaFull(error)) {
        // Retry would be refused again until an admin raises the limit; the answers stay and may go as not completed.
        setQuotaFull({ message, save });
        setPhase({ kind: 'answering' });
      } else if (isRefusedAsStale(error)) {
        // The answers stay on screen, answerable again; Retry would only be refused again.
        setRefused(message);
        setPhase({ kind: 'answering' });
      } else setPhase({ kind: 'failed', save, message, mayBeSaved: mayHaveBeenSaved(error) });
    }
  }

  function answer(questionId: number, value: TRunAnswer) {
    if (call?.run === undefined || busy) return;
    const next = { ...call, run: withAnswer(call.run, questionId, value), touched: true };
    setCall(next);
    setProblem(null);
    keepDraft(next, false);
  }

  function next() {
    if (call?.run === undefined || busy) return;
    const step = advanceRun(call.survey.questions, call.survey.rules, call.run, callShownFor(call));
    if (step.kind === 'problem') {
      setProblem(step.message);
      return;
    }
    setProblem(null);
    if (step.kind === 'question') {
      const moved = { ...call, run: step.run, touched: true };
      setCall(moved);
      setPhase({ kind: 'answering' });
      keepDraft(moved, true);
      return;
    }
    const save: TPendingSave = { body: saveBody(call.survey.questions, step.run, step.isCalled), outcome: 'ended' };
    setPhase({ kind: 'ending', save });
    // Not cleared on unmount: leaving the screen during the pause must not drop the answers.
    setTimeout(() => void runSave(call, save), SURVEY_END_DELAY_MS);
  }

  function back() {
    if (call?.run === undefined || busy) return;
    const moved = { ...call, run: backRun(call.run), touched: true };
    setCall(moved);
    setPhase({ kind: 'answering' });
    setProblem(null);
    keepDraft(moved, true);
  }

  function partialCall() {
    if (call?.run === undefined || busy) return;
    setProblem(null);
    void runSave(call, { body: partialCallBody(call.survey.questions, call.run), outcome: 'partial' });
  }

  /** After a quota-full refusal: the same answers, stored as a call not completed (which no quota counts). */
  function saveNotCompleted() {
    if (call === null || quotaFull === null || busy) return;
    void runSave(call, { body: { ...quotaFull.save.body, is_called: 0 }, outcome: 'partial' });
  }

  /** After a quota-full refusal: the call is given up, its draft deleted, nothing stored on the lead. */
  async function discardCall() {
    if (call === null || busy) return;
    const discard = await confirmAction({ body: 'Discard the answers of this call? Nothing is stored on the lead.' });
    if (!discard || !mounted.current) return;
    const id = leadId(call.lead);
    if (id !== undefined) {
      await drafts.discard(id);
      forgetDraft(id);
    }
    drafts.reset();
    if (!mounted.current) return;
    clearCall();
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
    runSearch: (number?: string, draft?: TCallDraft) => runSearch(number, draft),
    myCalls,
    call,
    currentQuestion: currentId === undefined ? undefined : call?.survey.byId.get(currentId),
    phase,
    busy,
    unsaved,
    draftState: drafts.state,
    flushDraft: drafts.flush,
    problem,
    refused,
    quotaFull,
    finished,
    lastCall,
    answer,
    next,
    back,
    partialCall,
    saveNotCompleted,
    discardCall: () => void discardCall(),
    retrySave,
  };
}

export type TCrmCall = ReturnType<typeof useCrmCall>;
