// The end of the call on screen (docs/product.md §4.5, docs/guide/call-loop.md): the disposition step (keys 1–9 choose, Enter
// confirms, Esc goes back to the survey), the save with its disposition (Retry on failure; a save refused because someone
// else saved the lead since the search, or because a quota filled meanwhile, keeps the answers), a Partial Call's typed
// text kept in the caller's draft for the resume, and the callback set after the save (a failure keeps the form for Retry).
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import {
  AGENT_PANEL_MESSAGES,
  REFUSAL_CODES,
  SAVE_OUTCOME_UNKNOWN,
  type TDisposition,
  type TLeadSaveResult,
} from '@crm/shared';
import { ApiError, notifyError } from '../../app/api.ts';
import { isRefusedAs } from '../../app/refusal.ts';
import { callbacksKey } from '../../app/callbacks-due.ts';
import { displayTimeZone } from '../../app/time-zone.ts';
import { myShiftKey, saveLeadAnswers, setCallback } from './api.ts';
import { dispositionsForEnd, OUTCOME_MESSAGES, saveBodyWith } from './call-end.ts';
import { draftOfRun } from './call-draft.ts';
import {
  callOf,
  type TAction,
  type TCall,
  type TDialerNote,
  type TPendingSave,
  type TSavedNote,
  type TScreen,
  type TStep,
} from './call-state.ts';
import { callbackFormProblem, type TCallbackForm } from './callback-time.ts';
import { leadCellNumber, leadId, leadVersion } from '../../components/lead/lead-view.ts';
import type { TDraftSaver } from './use-draft-saver.ts';

/** The id of the green "Survey Ended" notice: a new search takes it away. */
export const SAVED_NOTICE_ID = 'crm-call-saved';

export const CHOOSE_DISPOSITION = 'Choose how the call ended (keys 1–9)';

/** external_status answers VICIdial did not take: its words are shown; the CRM's save stands. */
const DIALER_REFUSALS = new Set(['refused', 'failed']);

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : AGENT_PANEL_MESSAGES.saveFailed;
}

/** 409 QUOTA_FULL ("Quota full for …"): the lead (at the lookup) or the completed call (at the save) is in a full quota. */
export function isRefusedAsQuotaFull(error: unknown): error is ApiError {
  return isRefusedAs(error, REFUSAL_CODES.quotaFull);
}

/** A save that may have been stored: the server could not tell (its code), or its answer never came. A retry is safe. */
function mayHaveBeenSaved(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const body = error.body;
  const code = typeof body === 'object' && body !== null && 'code' in body ? body.code : undefined;
  return code === SAVE_OUTCOME_UNKNOWN || error.kind === 'timeout';
}

/** 409 STALE_VERSION: the lead was saved by someone else after this screen looked it up; trying again cannot help. */
function isRefusedAsStale(error: unknown): error is ApiError {
  return isRefusedAs(error, REFUSAL_CODES.staleVersion);
}

function dialerNote(result: TLeadSaveResult): TDialerNote | null {
  const dialer = result.dialer;
  return dialer !== undefined && DIALER_REFUSALS.has(dialer.status) ? dialer : null;
}

/** The disposition the step's choice names, or why Enter cannot save yet. */
export function chosenDisposition(
  call: TCall,
  step: TStep,
): { disposition: TDisposition | null; callback: TCallbackForm | null } | { problem: string } {
  if (step.kind !== 'disposing') return { problem: CHOOSE_DISPOSITION };
  // Dispositions that could not be read: the save names none, and the server takes the campaign's default for the end.
  const allowed = call.dispositions === null ? [] : dispositionsForEnd(call.dispositions, step.end.outcome);
  if (allowed.length === 0) return { disposition: null, callback: null };
  const disposition = allowed.find((d) => d.code === step.choice.code);
  if (disposition === undefined) return { problem: CHOOSE_DISPOSITION };
  if (disposition.kind !== 'callback') return { disposition, callback: null };
  const problem = callbackFormProblem(step.choice.callback, Date.now(), displayTimeZone());
  return problem === null ? { disposition, callback: step.choice.callback } : { problem };
}

type Options = {
  campaignName: string;
  dispatch: (action: TAction) => void;
  screen: () => TScreen;
  drafts: TDraftSaver;
  /** The lead's draft is gone on the server (saved or given up): the idle screen's lists follow. */
  forgetDraft: (leadId: number | undefined) => void;
  /** The call is done with: the search field takes the focus for the next number. */
  readyForNext: () => void;
  mounted: { readonly current: boolean };
};

export function useCallEnd({ campaignName, dispatch, screen, drafts, forgetDraft, readyForNext, mounted }: Options) {
  const queryClient = useQueryClient();

  function refreshIdleLists() {
    void queryClient.invalidateQueries({ queryKey: callbacksKey });
    void queryClient.invalidateQueries({ queryKey: myShiftKey });
  }

  async function postCallback(id: number, form: TCallbackForm) {
    const problem = callbackFormProblem(form, Date.now(), displayTimeZone());
    if (problem !== null) {
      dispatch({ type: 'callbackFailed', message: problem });
      return;
    }
    dispatch({ type: 'callbackSending' });
    try {
      await setCallback({ leadId: id, at: form.at.trim(), mineOnly: form.mineOnly, note: form.note.trim() });
      refreshIdleLists();
      dispatch({ type: 'callbackSet', at: form.at.trim() });
      readyForNext();
    } catch (error) {
      if (!mounted.current) notifyError(`The call is saved, but its callback was not set: ${messageOf(error)}`);
      dispatch({ type: 'callbackFailed', message: messageOf(error) });
    }
  }

  /** A Partial Call's text typed at its question stays in the caller's draft: the lead keeps the 'Partial Call' marker. */
  async function keepPartialDraft(call: TCall, result: TLeadSaveResult) {
    const id = leadId(call.lead);
    if (id === undefined || call.run === undefined) return;
    drafts.save(id, draftOfRun(call.survey.questions, call.run, leadVersion(result.lead)), { now: true });
    await drafts.flush();
  }

  async function runSave(call: TCall, save: TPendingSave) {
    dispatch({ type: 'saveStarted', save });
    try {
      // The save deletes the draft on the server: no draft sent before it may arrive after it.
      await drafts.settle();
      // The version the search found: a save by someone else since then is refused, not overwritten.
      const pin = { leadId: leadId(call.lead), version: call.version };
      const result = await saveLeadAnswers(
        campaignName,
        leadCellNumber(call.lead),
        pin,
        saveBodyWith(save.end, save.disposition, save.callback),
      );
      notifications.show({ id: SAVED_NOTICE_ID, color: 'green', message: OUTCOME_MESSAGES[save.end.outcome] });
      if (save.end.outcome === 'partial') await keepPartialDraft(call, result);
      const id = leadId(call.lead);
      forgetDraft(id);
      refreshIdleLists();
      const note: TSavedNote = {
        outcome: save.end.outcome,
        lastCall: id === undefined ? null : { leadId: id, cellNumber: leadCellNumber(call.lead) },
        disposition: save.disposition,
        dialer: dialerNote(result),
        doNotCall: result.doNotCall?.message ?? null,
        callbackAt: null,
      };
      // The call ends here; the lead's next save starts from a new search, which reads the version this save made.
      dispatch({ type: 'saved', note, callback: save.callback });
      if (save.callback !== null && id !== undefined) await postCallback(id, save.callback);
      else if (mounted.current) readyForNext();
    } catch (error) {
      const message = messageOf(error);
      // Left the screen meanwhile: the failure still has to reach the agent.
      if (!mounted.current) notifyError(`${AGENT_PANEL_MESSAGES.saveFailed} ${message}`);
      // Retry would be refused again until an admin raises the limit; the answers stay and may go as not completed.
      if (isRefusedAsQuotaFull(error)) dispatch({ type: 'saveRefused', refusal: { kind: 'quotaFull', message, save } });
      else if (isRefusedAsStale(error)) dispatch({ type: 'saveRefused', refusal: { kind: 'stale', message } });
      else dispatch({ type: 'saveFailed', message, mayBeSaved: mayHaveBeenSaved(error) });
    }
  }

  /** Enter in the disposition step: the save, once a disposition (and a callback's time) is given. */
  function confirmEnd() {
    const current = screen();
    const call = callOf(current);
    if (call === null || current.kind !== 'onCall' || current.step.kind !== 'disposing') return;
    const chosen = chosenDisposition(call, current.step);
    if ('problem' in chosen) {
      dispatch({ type: 'endProblem', message: chosen.problem });
      return;
    }
    void runSave(call, { end: current.step.end, ...chosen });
  }

  function retrySave() {
    const current = screen();
    if (current.kind === 'onCall' && current.step.kind === 'failed') void runSave(current.call, current.step.save);
  }

  /** After a quota-full refusal: the same answers, stored as a call not completed (which no quota counts), with a disposition. */
  function saveNotCompleted() {
    const current = screen();
    if (current.kind !== 'onCall' || current.refusal?.kind !== 'quotaFull' || current.step.kind !== 'answering') return;
    dispatch({
      type: 'ended',
      end: { outcome: 'savedNotCompleted', body: { ...current.refusal.save.end.body, is_called: 0 } },
    });
  }

  /** The callback again: the call on screen is the lead saved, until its callback is set or skipped. */
  function retryCallback() {
    const current = screen();
    if (current.kind !== 'onCall' || current.step.kind !== 'settingCallback' || current.step.sending) return;
    const id = leadId(current.call.lead);
    if (id !== undefined) void postCallback(id, current.step.form);
  }

  /** The callback could not be set and the agent goes on without it: the call itself is saved. */
  function skipCallback() {
    const current = screen();
    if (current.kind !== 'onCall' || current.step.kind !== 'settingCallback' || current.step.sending) return;
    dispatch({ type: 'callbackSkipped' });
    readyForNext();
  }

  return { confirmEnd, retrySave, saveNotCompleted, retryCallback, skipCallback };
}
