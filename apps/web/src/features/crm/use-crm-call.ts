// The state of one CRM screen (docs/product.md §4.5, docs/guide/call-loop.md): the number searched, the lead and survey of the
// call on screen, the run, and its end (use-call-end.ts) — one value, call-state.ts. A call opens by a typed number, a
// call of the idle screen's lists, a callback, or the dialer (a screen pop or VICIdial's web form, which never replace a
// call on screen: use-call-pops.ts). The call in progress is kept on the server as a draft at each answer, resumed on
// the next visit, and deleted by the save.
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AGENT_PANEL_MESSAGES,
  PARTIAL_CALL_ANSWER,
  REFUSAL_CODES,
  type TCallDraft,
  type TDisposition,
  type TLead,
  type TMyCalls,
} from '@crm/shared';
import { isRefusedAs } from '../../app/refusal.ts';
import { confirmAction } from '../../components/confirm.tsx';
import type { TCampaignSurvey } from '../../components/survey/use-campaign-survey.ts';
import { fetchDispositions, fetchMyCalls, findLeadByNumber, myCallsKey } from './api.ts';
import { surveyFor, surveyQuery } from './call-survey.ts';
import { draftOfRun, isParkedDraft, runFromDraft } from './call-draft.ts';
import {
  callOf,
  hasUnsavedWork,
  IDLE,
  isBusy,
  reduceScreen,
  type TAction,
  type TCall,
  type TResumed,
  type TScreen,
} from './call-state.ts';
import type { TCallbackForm } from './callback-time.ts';
import { leadId, leadVersion } from '../../components/lead/lead-view.ts';
import {
  advanceRun,
  backRun,
  currentQuestionId,
  partialCallBody,
  resumeRun,
  callShownFor,
  saveBody,
  startRun,
  type TRunAnswer,
} from './survey-run.ts';
import { isRefusedAsQuotaFull, messageOf, SAVED_NOTICE_ID, useCallEnd } from './use-call-end.ts';
import { useDraftSaver } from './use-draft-saver.ts';

/**
 * A call the dialer put through: the number to look up, our lead id when VICIdial knows it (vendor_lead_code), VICIdial's
 * call id, and when it connected (epoch ms).
 */
export type TDialerCall = {
  cellNumber: string;
  leadId: number | null;
  dialerCallId: string | null;
  connectedAt: number | null;
};

/**
 * draft: resume it; dialer: the dialer's call; leadId: the lead meant (a callback's, a partial call's), looked up by its
 * id beside the number. A draft's and a dialer's call's lead are meant too.
 */
type TSearchOptions = { draft?: TCallDraft | undefined; dialer?: TDialerCall | undefined; leadId?: number | undefined };

/** The screen's state kept as one value; `latest` reads it in the middle of a request, where the render's copy is old. */
function useScreenState() {
  const [screen, setScreen] = useState<TScreen>(IDLE);
  const latest = useRef<TScreen>(IDLE);
  const [store] = useState(() => ({
    dispatch: (action: TAction) => {
      latest.current = reduceScreen(latest.current, action);
      setScreen(latest.current);
    },
    read: () => latest.current,
  }));
  return { screen, ...store };
}

type TOpened = {
  lead: TLead;
  survey: TCampaignSurvey;
  dispositions: TDisposition[] | null;
  draft: TCallDraft | undefined;
  startedAt: number;
  dialerCallId: string | null;
};

/** The call of a lead found: the caller's draft of it when there is one, else where a partial call stopped, else Q1. */
function callFor({ lead, survey, dispositions, draft, startedAt, dialerCallId }: TOpened): TCall {
  const start = { lead, survey, dispositions, startedAt, dialerCallId, version: leadVersion(lead) };
  const fromDraft =
    draft === undefined || draft.leadId !== leadId(lead) ? undefined : runFromDraft(survey.questions, draft);
  if (fromDraft !== undefined && draft !== undefined) {
    const questionId = currentQuestionId(fromDraft);
    // The caller's own Partial Call, nobody's save since: the text typed at its question is back.
    const parked = draft.leadVersion === start.version && lead[draft.currentQno] === PARTIAL_CALL_ANSWER;
    const resumed: TResumed = { questionId, from: parked ? 'parked' : 'draft', reached: true };
    return { ...start, version: draft.leadVersion ?? start.version, run: fromDraft, resumed, touched: true };
  }
  const shownFor = callShownFor({ lead, survey });
  const resume = resumeRun(survey.questions, survey.rules, lead, shownFor);
  if (resume !== undefined)
    return {
      ...start,
      run: resume.run,
      resumed: { questionId: resume.questionId, from: 'partial', reached: resume.reached },
      touched: false,
    };
  return { ...start, run: startRun(survey.questions, shownFor), resumed: null, touched: false };
}

function withoutDraft(calls: TMyCalls | undefined, id: number): TMyCalls | undefined {
  return calls === undefined ? undefined : { ...calls, drafts: calls.drafts.filter((d) => d.leadId !== id) };
}

type TArrival = {
  /** VICIdial's web form opened this screen for this call (settled once the server has answered for it). */
  firstCall: { settled: boolean; call: TDialerCall | null; refusal: string | null };
  /** A dialer's call that must wait (a call left unfinished resumes first): its banner. */
  wait: (call: TDialerCall) => void;
};

export function useCrmCall(
  campaignName: string,
  searchField: RefObject<HTMLInputElement | null>,
  { firstCall: webForm, wait }: TArrival = {
    firstCall: { settled: true, call: null, refusal: null },
    wait: () => undefined,
  },
) {
  const queryClient = useQueryClient();
  const myCalls = useQuery({
    queryKey: myCallsKey(campaignName),
    queryFn: () => fetchMyCalls(campaignName),
    staleTime: 0,
  });
  const drafts = useDraftSaver(campaignName);
  const { screen, dispatch, read } = useScreenState();
  const [cellNumber, setCellNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  // A reply to an older search than the latest is dropped.
  const searchSeq = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const call = callOf(screen);
  const busy = isBusy(screen);

  /** The lead's draft is gone on the server (saved or given up): the idle screen's lists follow. */
  function forgetDraft(id: number | undefined) {
    if (id !== undefined)
      queryClient.setQueryData<TMyCalls>(myCallsKey(campaignName), (calls) => withoutDraft(calls, id));
    void queryClient.invalidateQueries({ queryKey: myCallsKey(campaignName) });
  }

  function keepDraft(next: TCall, now: boolean) {
    const id = leadId(next.lead);
    if (id !== undefined && next.run !== undefined)
      drafts.save(id, draftOfRun(next.survey.questions, next.run, next.version), { now });
  }

  /** No call on screen any more (saved, or discarded): the search field empty and focused for the next number. */
  function readyForNext() {
    setCellNumber('');
    setFieldError(null);
    searchField.current?.focus();
  }

  const end = useCallEnd({ campaignName, dispatch, screen: read, drafts, forgetDraft, readyForNext, mounted });

  function changeCellNumber(value: string) {
    setCellNumber(value);
    setFieldError(null);
  }

  /** Looks the number up (typed, a call of the idle screen's lists, or the dialer's) and opens its call; `draft` resumes it. */
  async function runSearch(number?: string, { draft, dialer, leadId: meant }: TSearchOptions = {}) {
    const typed = (number ?? cellNumber).trim();
    const current = read();
    // A new search clears what the last one (or the last save) said, also when it cannot run.
    notifications.hide(SAVED_NOTICE_ID);
    if (current.kind === 'idle' && current.note !== null) dispatch({ type: 'cleared' });
    if (typed === '') {
      setFieldError(AGENT_PANEL_MESSAGES.cellNumberRequired);
      searchField.current?.focus();
      return;
    }
    if (isBusy(current)) return;
    if (hasUnsavedWork(current)) {
      const discard = await confirmAction({
        body: `The answers of this call are not saved. Search ${typed} and discard them?`,
      });
      if (!discard) return;
    }
    if (number !== undefined) setCellNumber(number);
    setFieldError(null);
    const given = callOf(read());
    const givenId = given === null ? undefined : leadId(given.lead);
    const seq = ++searchSeq.current;
    dispatch({ type: 'searchStarted', number: typed });
    try {
      // A new search gives the call on screen up: its draft goes first, so the number searched may be the same lead.
      if (givenId !== undefined) {
        await drafts.discard(givenId);
        forgetDraft(givenId);
      }
      drafts.reset();
      const [found, held, dispositions] = await Promise.all([
        findLeadByNumber(campaignName, typed, {
          dialerCallId: dialer?.dialerCallId,
          leadId: meant ?? dialer?.leadId ?? draft?.leadId,
        }),
        queryClient.ensureQueryData(surveyQuery(campaignName)),
        // Without them the call still ends: the save names no disposition and the server takes the default.
        fetchDispositions(campaignName).catch(() => null),
      ]);
      if (seq !== searchSeq.current || !mounted.current) return;
      if (found.kind === 'not-generated') {
        dispatch({ type: 'searchEnded', note: { kind: 'not-generated', cellNumber: typed } });
        return;
      }
      const survey = await surveyFor(queryClient, campaignName, held, found.surveyVersion);
      if (seq !== searchSeq.current || !mounted.current) return;
      const id = leadId(found.lead);
      const ownDraft =
        draft ?? queryClient.getQueryData<TMyCalls>(myCallsKey(campaignName))?.drafts.find((d) => d.leadId === id);
      // The timer runs from the call's first start, kept by the server across a reload or a resume.
      const startedAt = found.callStartedAt ?? dialer?.connectedAt ?? Date.now();
      dispatch({
        type: 'callOpened',
        call: callFor({
          lead: found.lead,
          survey,
          dispositions,
          draft: ownDraft,
          startedAt,
          dialerCallId: dialer?.dialerCallId ?? null,
        }),
      });
    } catch (error) {
      if (seq !== searchSeq.current || !mounted.current) return;
      // Told apart by the refusal's code (DO_NOT_CALL, QUOTA_FULL); the server's words are what the screen shows.
      if (isRefusedAs(error, REFUSAL_CODES.doNotCall))
        dispatch({ type: 'searchEnded', note: { kind: 'do-not-call', message: error.message } });
      else if (isRefusedAsQuotaFull(error))
        dispatch({ type: 'searchEnded', note: { kind: 'quota-full', message: error.message } });
      else dispatch({ type: 'searchEnded', note: { kind: 'failed', message: messageOf(error) } });
    }
  }

  // Arriving: a call left unfinished (a reload, a crash, another screen) resumes, the newest first (a Partial Call's kept
  // text is listed, not opened); VICIdial's web form's call opens at once, or waits in its banner behind that call.
  const onArrival = useEffectEvent((calls: TMyCalls | undefined) => {
    const firstCall = webForm.call;
    if (webForm.refusal !== null) dispatch({ type: 'noted', note: { kind: 'web-form', message: webForm.refusal } });
    const left = calls?.drafts.find((d) => !isParkedDraft(d, calls.recentCalls));
    if (firstCall !== null && (left === undefined || left.leadId === firstCall.leadId))
      void runSearch(firstCall.cellNumber, { dialer: firstCall, draft: left });
    else if (left !== undefined && read().kind === 'idle' && cellNumber === '') {
      if (firstCall !== null) wait(firstCall);
      void runSearch(left.cellNumber, { draft: left });
    } else if (firstCall !== null) wait(firstCall);
  });
  const arrived = useRef(false);
  const listSettled = (myCalls.isFetchedAfterMount && myCalls.data !== undefined) || myCalls.isError;
  useEffect(() => {
    // Not from the cache of an earlier visit: that list predates the call left since.
    if (!listSettled || !webForm.settled || arrived.current) return;
    arrived.current = true;
    onArrival(myCalls.data);
  }, [listSettled, webForm.settled, myCalls.data]);

  function answer(questionId: number, value: TRunAnswer) {
    const before = callOf(read());
    dispatch({ type: 'answered', questionId, value });
    const after = callOf(read());
    if (after !== null && after !== before) keepDraft(after, false);
  }

  function next() {
    const current = read();
    if (current.kind !== 'onCall' || current.step.kind !== 'answering' || current.call.run === undefined) return;
    const { survey, run } = current.call;
    const step = advanceRun(survey.questions, survey.rules, run, callShownFor(current.call));
    if (step.kind === 'problem') dispatch({ type: 'problem', message: step.message });
    else if (step.kind === 'question') {
      dispatch({ type: 'moved', run: step.run });
      const moved = callOf(read());
      if (moved !== null) keepDraft(moved, true);
    } else
      dispatch({
        type: 'ended',
        end: {
          outcome: step.isCalled === 1 ? 'completed' : 'notCompleted',
          body: saveBody(survey.questions, step.run, step.isCalled),
        },
      });
  }

  function back() {
    const current = read();
    if (current.kind !== 'onCall' || current.step.kind !== 'answering' || current.call.run === undefined) return;
    dispatch({ type: 'moved', run: backRun(current.call.run) });
    const moved = callOf(read());
    if (moved !== null) keepDraft(moved, true);
  }

  /** Partial Call: the disposition step with the callback preselected; the question's typed text stays in the draft. */
  function partialCall() {
    const current = read();
    if (current.kind !== 'onCall' || current.step.kind !== 'answering' || current.call.run === undefined) return;
    keepDraft(current.call, true);
    dispatch({
      type: 'ended',
      end: { outcome: 'partial', body: partialCallBody(current.call.survey.questions, current.call.run) },
    });
  }

  /** After a quota-full refusal: the call is given up, its draft deleted, nothing stored on the lead. */
  async function discardCall() {
    const current = callOf(read());
    if (current === null || isBusy(read())) return;
    const discard = await confirmAction({ body: 'Discard the answers of this call? Nothing is stored on the lead.' });
    if (!discard || !mounted.current) return;
    const id = leadId(current.lead);
    if (id !== undefined) {
      await drafts.discard(id);
      forgetDraft(id);
    }
    drafts.reset();
    if (!mounted.current) return;
    dispatch({ type: 'cleared' });
    readyForNext();
  }

  const currentId = call?.run === undefined ? undefined : currentQuestionId(call.run);
  return {
    cellNumber,
    changeCellNumber,
    fieldError,
    screen,
    runSearch: (number?: string, options?: TSearchOptions) => runSearch(number, options),
    myCalls,
    call,
    currentQuestion: currentId === undefined ? undefined : call?.survey.byId.get(currentId),
    busy,
    unsaved: hasUnsavedWork(screen),
    /** Nothing on screen the dialer's next call would replace: it may open at once. */
    free: screen.kind === 'idle',
    draftState: drafts.state,
    flushDraft: drafts.flush,
    answer,
    next,
    back,
    partialCall,
    chooseDisposition: (code: string) => dispatch({ type: 'dispositionChosen', code }),
    changeCallback: (form: Partial<TCallbackForm>) => dispatch({ type: 'callbackChanged', form }),
    backToSurvey: () => dispatch({ type: 'backToSurvey' }),
    ...end,
    discardCall: () => void discardCall(),
  };
}

export type TCrmCall = ReturnType<typeof useCrmCall>;
