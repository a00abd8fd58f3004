// The CRM screen's state as one value (docs/product.md §4.5, docs/guide/call-loop.md): idle (with what the last search or save
// left to say), searching, or a call on screen at one step: answering the survey, choosing its disposition (and the
// callback's time), saving, a failed save, or setting the callback after the save. A reducer moves between them, so
// states that cannot hold together cannot be set together. Pure: use-crm-call.ts runs the requests.
import type { TDisposition, TLead } from '@crm/shared';
import type { TCampaignSurvey } from '../../components/survey/use-campaign-survey.ts';
import { dispositionsForEnd, preselectedDisposition, type TCallEnd, type TOutcome } from './call-end.ts';
import { EMPTY_CALLBACK_FORM, type TCallbackForm } from './callback-time.ts';
import { withAnswer, type TRunAnswer, type TSurveyRun } from './survey-run.ts';

/** Where a call picked up: a partial call's stored answers, the caller's own draft, or their own Partial Call's draft. */
export type TResumed = { questionId: number; from: 'partial' | 'draft' | 'parked'; reached: boolean };

export type TCall = {
  lead: TLead;
  survey: TCampaignSurvey;
  /** The campaign's dispositions as read at the search; null when they could not be read (the save names none). */
  dispositions: TDisposition[] | null;
  /** Undefined when the campaign has no active question. */
  run: TSurveyRun | undefined;
  resumed: TResumed | null;
  /** Answers not yet saved to the lead are on screen: a new search or leaving would drop something. */
  touched: boolean;
  /** When the call began (epoch ms): its first lookup or the dialer's pop, also before a reload. The timer counts from here. */
  startedAt: number;
  /** The lead's version the save names: as this call first looked it up (a draft keeps it across a reload). */
  version: number | undefined;
  /** VICIdial's call id when the dialer put the call through (screen pop or web form); null for a typed number. */
  dialerCallId: string | null;
};

/** The disposition step's choice: the code chosen, the callback form, and why Enter did not save. */
export type TEndChoice = { code: string | null; callback: TCallbackForm; problem: string | null };

export type TPendingSave = { end: TCallEnd; disposition: TDisposition | null; callback: TCallbackForm | null };

/** What VICIdial answered the disposition of a dialer's call (external_status), when it did not take it. */
export type TDialerNote = { status: string; message: string };

/** What a saved call leaves on the idle screen. */
export type TSavedNote = {
  outcome: TOutcome;
  /** The lead of the call just saved: the end-of-call area may put its number on the do-not-call list. */
  lastCall: { leadId: number; cellNumber: string } | null;
  disposition: TDisposition | null;
  dialer: TDialerNote | null;
  /** A do-not-call disposition's listing, in the server's words ("… is on the campaign's do-not-call list now"). */
  doNotCall: string | null;
  /** The callback set with the call (yyyy-MM-dd HH:mm), or null. */
  callbackAt: string | null;
};

export type TStep =
  | { kind: 'answering' }
  | { kind: 'disposing'; end: TCallEnd; choice: TEndChoice }
  | { kind: 'saving'; save: TPendingSave }
  /** mayBeSaved: the save's outcome is unknown (the database went away mid-commit, or no answer came in time). */
  | { kind: 'failed'; save: TPendingSave; message: string; mayBeSaved: boolean }
  /** The lead is saved; its callback is being set, or was refused (the form keeps its values for Retry). */
  | { kind: 'settingCallback'; saved: TSavedNote; form: TCallbackForm; sending: boolean; error: string | null };

/** 409s of a save: someone else saved the lead since the search, or a quota of the completed call filled meanwhile. */
export type TRefusal = { kind: 'stale'; message: string } | { kind: 'quotaFull'; message: string; save: TPendingSave };

export type TIdleNote =
  | { kind: 'not-generated'; cellNumber: string }
  /** 403: the number is on the system's or the campaign's do-not-call list; message is the server's, word for word. */
  | { kind: 'do-not-call'; message: string }
  /** 409: the lead falls in a full quota of the campaign ("Quota full for region = Dhaka"); no survey is offered. */
  | { kind: 'quota-full'; message: string }
  | { kind: 'failed'; message: string }
  /** VICIdial's web form's call was refused by the server (another VICIdial user, nothing to pop): its words. */
  | { kind: 'web-form'; message: string }
  | ({ kind: 'saved' } & TSavedNote);

export type TOnCall = { kind: 'onCall'; call: TCall; step: TStep; problem: string | null; refusal: TRefusal | null };

export type TScreen = { kind: 'idle'; note: TIdleNote | null } | { kind: 'searching'; number: string } | TOnCall;

export const IDLE: TScreen = { kind: 'idle', note: null };

export type TAction =
  | { type: 'searchStarted'; number: string }
  | { type: 'searchEnded'; note: TIdleNote }
  /** Something to say with no call on screen (the web form's refusal). */
  | { type: 'noted'; note: TIdleNote }
  | { type: 'callOpened'; call: TCall }
  | { type: 'answered'; questionId: number; value: TRunAnswer }
  /** Next to another question, or Back. */
  | { type: 'moved'; run: TSurveyRun }
  | { type: 'problem'; message: string | null }
  /** The survey's end (or Partial Call, or Save as not completed): the disposition step. */
  | { type: 'ended'; end: TCallEnd }
  | { type: 'dispositionChosen'; code: string }
  | { type: 'callbackChanged'; form: Partial<TCallbackForm> }
  | { type: 'endProblem'; message: string }
  | { type: 'backToSurvey' }
  | { type: 'saveStarted'; save: TPendingSave }
  | { type: 'saveFailed'; message: string; mayBeSaved: boolean }
  | { type: 'saveRefused'; refusal: TRefusal }
  /** The lead took the save; with a callback form, the callback is set next. */
  | { type: 'saved'; note: TSavedNote; callback: TCallbackForm | null }
  | { type: 'callbackSending' }
  | { type: 'callbackFailed'; message: string }
  | { type: 'callbackSet'; at: string }
  /** The callback could not be set and the agent goes on without it (the call itself is saved). */
  | { type: 'callbackSkipped' }
  /** The call given up (discarded) or the screen reset: nothing on screen, nothing to say. */
  | { type: 'cleared' };

/** The call on screen, whatever its step. */
export function callOf(screen: TScreen): TCall | null {
  return screen.kind === 'onCall' ? screen.call : null;
}

/** A save or a callback is on its way: a new search, a new answer or a new end waits for it. */
export function isBusy(screen: TScreen): boolean {
  if (screen.kind !== 'onCall') return false;
  return screen.step.kind === 'saving' || (screen.step.kind === 'settingCallback' && screen.step.sending);
}

/** Answers (or a callback) a new search or leaving would throw away: the agent's own, or a save that failed or was refused. */
export function hasUnsavedWork(screen: TScreen): boolean {
  if (screen.kind !== 'onCall') return false;
  return screen.call.touched || screen.refusal !== null || screen.step.kind !== 'answering';
}

function onCall(screen: TScreen, change: (current: TOnCall) => TScreen): TScreen {
  return screen.kind === 'onCall' ? change(screen) : screen;
}

/** Only while the survey is being answered (not during the disposition step or a save). */
function answering(screen: TScreen, change: (current: TOnCall) => TScreen): TScreen {
  return onCall(screen, (current) => (current.step.kind === 'answering' ? change(current) : current));
}

function disposing(
  screen: TScreen,
  change: (current: TOnCall, step: Extract<TStep, { kind: 'disposing' }>) => TScreen,
): TScreen {
  return onCall(screen, (current) => (current.step.kind === 'disposing' ? change(current, current.step) : current));
}

function settingCallback(
  screen: TScreen,
  change: (current: TOnCall, step: Extract<TStep, { kind: 'settingCallback' }>) => TScreen,
): TScreen {
  return onCall(screen, (current) =>
    current.step.kind === 'settingCallback' ? change(current, current.step) : current,
  );
}

/** The disposition step of an end: the disposition chosen for the agent, an empty callback form. */
export function disposingStep(call: TCall, end: TCallEnd): TStep {
  const allowed = call.dispositions === null ? [] : dispositionsForEnd(call.dispositions, end.outcome);
  return {
    kind: 'disposing',
    end,
    choice: { code: preselectedDisposition(allowed, end.outcome), callback: EMPTY_CALLBACK_FORM, problem: null },
  };
}

const savedNote = (note: TSavedNote): TIdleNote => ({ kind: 'saved', ...note });

export function reduceScreen(screen: TScreen, action: TAction): TScreen {
  switch (action.type) {
    case 'searchStarted':
      return { kind: 'searching', number: action.number };
    case 'searchEnded':
      return screen.kind === 'searching' ? { kind: 'idle', note: action.note } : screen;
    case 'noted':
      return screen.kind === 'idle' ? { kind: 'idle', note: action.note } : screen;
    case 'callOpened':
      return { kind: 'onCall', call: action.call, step: { kind: 'answering' }, problem: null, refusal: null };
    case 'answered':
      return answering(screen, (s) =>
        s.call.run === undefined
          ? s
          : {
              ...s,
              call: { ...s.call, run: withAnswer(s.call.run, action.questionId, action.value), touched: true },
              problem: null,
            },
      );
    case 'moved':
      return answering(screen, (s) => ({ ...s, call: { ...s.call, run: action.run, touched: true }, problem: null }));
    case 'problem':
      return answering(screen, (s) => ({ ...s, problem: action.message }));
    case 'ended':
      return onCall(screen, (s) =>
        s.step.kind === 'answering'
          ? { ...s, step: disposingStep(s.call, action.end), problem: null, refusal: null }
          : s,
      );
    case 'dispositionChosen':
      return disposing(screen, (s, step) => ({
        ...s,
        step: { ...step, choice: { ...step.choice, code: action.code, problem: null } },
      }));
    case 'callbackChanged':
      return screen.kind === 'onCall' && screen.step.kind === 'settingCallback'
        ? settingCallback(screen, (s, step) => ({
            ...s,
            step: { ...step, form: { ...step.form, ...action.form }, error: null },
          }))
        : disposing(screen, (s, step) => ({
            ...s,
            step: {
              ...step,
              choice: { ...step.choice, callback: { ...step.choice.callback, ...action.form }, problem: null },
            },
          }));
    case 'endProblem':
      return disposing(screen, (s, step) => ({
        ...s,
        step: { ...step, choice: { ...step.choice, problem: action.message } },
      }));
    case 'backToSurvey':
      // From the choice, or from a save that failed (to change an answer before trying again).
      return onCall(screen, (s) =>
        s.step.kind === 'disposing' || s.step.kind === 'failed' ? { ...s, step: { kind: 'answering' } } : s,
      );
    case 'saveStarted':
      return onCall(screen, (s) =>
        s.step.kind === 'disposing' || s.step.kind === 'failed'
          ? { ...s, step: { kind: 'saving', save: action.save }, refusal: null }
          : s,
      );
    case 'saveFailed':
      return onCall(screen, (s) =>
        s.step.kind === 'saving'
          ? {
              ...s,
              step: { kind: 'failed', save: s.step.save, message: action.message, mayBeSaved: action.mayBeSaved },
            }
          : s,
      );
    case 'saveRefused':
      // The answers stay on screen, answerable again; Retry would only be refused again.
      return onCall(screen, (s) =>
        s.step.kind === 'saving' ? { ...s, step: { kind: 'answering' }, refusal: action.refusal } : s,
      );
    case 'saved':
      if (screen.kind !== 'onCall' || screen.step.kind !== 'saving') return screen;
      if (action.callback === null) return { kind: 'idle', note: savedNote(action.note) };
      return {
        ...screen,
        call: { ...screen.call, touched: false },
        step: { kind: 'settingCallback', saved: action.note, form: action.callback, sending: true, error: null },
      };
    case 'callbackSending':
      return settingCallback(screen, (s, step) => ({ ...s, step: { ...step, sending: true, error: null } }));
    case 'callbackFailed':
      return settingCallback(screen, (s, step) => ({ ...s, step: { ...step, sending: false, error: action.message } }));
    case 'callbackSet':
      return settingCallback(screen, (_s, step) => ({
        kind: 'idle',
        note: savedNote({ ...step.saved, callbackAt: action.at }),
      }));
    case 'callbackSkipped':
      return settingCallback(screen, (_s, step) => ({ kind: 'idle', note: savedNote(step.saved) }));
    case 'cleared':
      return IDLE;
  }
}
