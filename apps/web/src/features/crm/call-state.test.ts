// The CRM screen's state, transition by transition: a search, the survey, the disposition step, the save, its failure
// or refusal, the callback after it, and the reset. States that cannot hold together are not reached.
import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPOSITIONS, type TLead } from '@crm/shared';
import { testQuestion } from '../../test/questions.ts';
import { buildSurvey } from '../../components/survey/use-campaign-survey.ts';
import {
  callOf,
  hasUnsavedWork,
  IDLE,
  isBusy,
  reduceScreen,
  type TAction,
  type TCall,
  type TPendingSave,
  type TSavedNote,
  type TScreen,
} from './call-state.ts';

const question = testQuestion;
const LEAD: TLead = { id: 12, cell_number: '+8801712345678', is_called: 0, Q1: null, Q2: null, version: 3 };
const survey = buildSurvey([question(1, 'Select Option', 'Yes, No'), question(2, 'Text Input')], []);
const CALL: TCall = {
  lead: LEAD,
  survey,
  dispositions: [...DEFAULT_DISPOSITIONS],
  run: { path: [1], answers: {} },
  resumed: null,
  touched: false,
  startedAt: 1000,
  version: 3,
  dialerCallId: null,
};
const END = { outcome: 'completed' as const, body: { Q1: 'Yes', Q2: null, is_called: 1 } };
const PARTIAL = { outcome: 'partial' as const, body: { Q1: 'No', Q2: 'Partial Call', is_called: 0 } };
const NOTE: TSavedNote = {
  outcome: 'completed',
  lastCall: { leadId: 12, cellNumber: '+8801712345678' },
  disposition: DEFAULT_DISPOSITIONS[0] ?? null,
  dialer: null,
  doNotCall: null,
  callbackAt: null,
};
const FORM = { at: '2026-11-20 18:30', mineOnly: true, note: 'after work' };

const run = (...actions: TAction[]) => actions.reduce<TScreen>(reduceScreen, IDLE);
const onCall = (...actions: TAction[]) =>
  run({ type: 'searchStarted', number: '017' }, { type: 'callOpened', call: CALL }, ...actions);
const stepOf = (screen: TScreen) => (screen.kind === 'onCall' ? screen.step : null);
const saveOf = (code: string | null, callback: TPendingSave['callback'] = null): TPendingSave => ({
  end: callback === null ? END : PARTIAL,
  disposition: DEFAULT_DISPOSITIONS.find((d) => d.code === code) ?? null,
  callback,
});

describe('reduceScreen: a search', () => {
  it('goes from idle to searching to a call at its first question, or back to idle with what the search found', () => {
    expect(run({ type: 'searchStarted', number: '017' })).toEqual({ kind: 'searching', number: '017' });
    expect(onCall()).toEqual({ kind: 'onCall', call: CALL, step: { kind: 'answering' }, problem: null, refusal: null });
    expect(
      run(
        { type: 'searchStarted', number: '017' },
        { type: 'searchEnded', note: { kind: 'not-generated', cellNumber: '017' } },
      ),
    ).toEqual({ kind: 'idle', note: { kind: 'not-generated', cellNumber: '017' } });
  });

  it('drops the end of a search that is no longer the one running', () => {
    expect(onCall({ type: 'searchEnded', note: { kind: 'failed', message: 'late' } }).kind).toBe('onCall');
  });

  it('takes a note only with nothing on screen', () => {
    expect(run({ type: 'noted', note: { kind: 'web-form', message: 'Another user' } })).toEqual({
      kind: 'idle',
      note: { kind: 'web-form', message: 'Another user' },
    });
    expect(onCall({ type: 'noted', note: { kind: 'web-form', message: 'Another user' } }).kind).toBe('onCall');
  });
});

describe('reduceScreen: the survey', () => {
  it('keeps an answer, marks the call touched and clears the problem shown', () => {
    const screen = onCall(
      { type: 'problem', message: 'Please provide an answer before proceeding' },
      { type: 'answered', questionId: 1, value: 'Yes' },
    );
    expect(callOf(screen)?.run?.answers).toEqual({ 1: 'Yes' });
    expect(callOf(screen)?.touched).toBe(true);
    expect(screen.kind === 'onCall' && screen.problem).toBeNull();
    expect(hasUnsavedWork(screen)).toBe(true);
  });

  it('takes no answer while the call is at its end', () => {
    const screen = onCall({ type: 'ended', end: END }, { type: 'answered', questionId: 1, value: 'No' });
    expect(callOf(screen)?.run?.answers).toEqual({});
  });
});

describe('reduceScreen: the disposition step', () => {
  it("opens with the campaign's completed disposition chosen for a completed end, and the callback one for a Partial Call", () => {
    expect(stepOf(onCall({ type: 'ended', end: END }))).toEqual({
      kind: 'disposing',
      end: END,
      choice: { code: 'COMPLETE', callback: { at: '', mineOnly: true, note: '' }, problem: null },
    });
    expect(stepOf(onCall({ type: 'ended', end: PARTIAL }))).toMatchObject({
      kind: 'disposing',
      choice: { code: 'CALLBACK' },
    });
  });

  it('chooses none for an end not completed, and none at all when the dispositions could not be read', () => {
    expect(stepOf(onCall({ type: 'ended', end: { outcome: 'notCompleted', body: { is_called: 0 } } }))).toMatchObject({
      choice: { code: null },
    });
    const noSet = run({ type: 'callOpened', call: { ...CALL, dispositions: null } }, { type: 'ended', end: END });
    expect(stepOf(noSet)).toMatchObject({ choice: { code: null } });
  });

  it('changes the choice and the callback form, says what is missing, and goes back to the survey on Esc', () => {
    const chosen = onCall(
      { type: 'ended', end: PARTIAL },
      { type: 'dispositionChosen', code: 'NI' },
      { type: 'callbackChanged', form: { at: '2026-11-20 18:30' } },
      { type: 'endProblem', message: 'Give the callback time' },
    );
    expect(stepOf(chosen)).toMatchObject({
      choice: { code: 'NI', callback: { at: '2026-11-20 18:30', mineOnly: true }, problem: 'Give the callback time' },
    });
    const changed = reduceScreen(chosen, { type: 'callbackChanged', form: { mineOnly: false } });
    expect(stepOf(changed)).toMatchObject({
      choice: { callback: { at: '2026-11-20 18:30', mineOnly: false }, problem: null },
    });
    expect(stepOf(reduceScreen(changed, { type: 'backToSurvey' }))).toEqual({ kind: 'answering' });
  });

  it('clears a refusal shown when the call ends again', () => {
    const refused = onCall(
      { type: 'ended', end: END },
      { type: 'saveStarted', save: saveOf('COMPLETE') },
      { type: 'saveRefused', refusal: { kind: 'quotaFull', message: 'Quota full', save: saveOf('COMPLETE') } },
    );
    expect(refused.kind === 'onCall' && refused.refusal?.kind).toBe('quotaFull');
    const again = reduceScreen(refused, {
      type: 'ended',
      end: { outcome: 'savedNotCompleted', body: { Q1: 'Yes', is_called: 0 } },
    });
    expect(again.kind === 'onCall' && again.refusal).toBeNull();
  });
});

describe('reduceScreen: the save', () => {
  const saving = () => onCall({ type: 'ended', end: END }, { type: 'saveStarted', save: saveOf('COMPLETE') });

  it('is busy while the save runs, and a save that fails keeps it for Retry (or Back to the survey)', () => {
    expect(isBusy(saving())).toBe(true);
    const failed = reduceScreen(saving(), { type: 'saveFailed', message: 'Database busy', mayBeSaved: false });
    expect(stepOf(failed)).toEqual({
      kind: 'failed',
      save: saveOf('COMPLETE'),
      message: 'Database busy',
      mayBeSaved: false,
    });
    expect(isBusy(failed)).toBe(false);
    expect(stepOf(reduceScreen(failed, { type: 'saveStarted', save: saveOf('COMPLETE') }))).toMatchObject({
      kind: 'saving',
    });
    expect(stepOf(reduceScreen(failed, { type: 'backToSurvey' }))).toEqual({ kind: 'answering' });
  });

  it('shows a refused save with the answers back on screen', () => {
    const refused = reduceScreen(saving(), {
      type: 'saveRefused',
      refusal: { kind: 'stale', message: 'Saved by AG-1002' },
    });
    expect(refused).toMatchObject({
      kind: 'onCall',
      step: { kind: 'answering' },
      refusal: { kind: 'stale', message: 'Saved by AG-1002' },
    });
    expect(hasUnsavedWork(refused)).toBe(true);
  });

  it('ends the call on the save: idle, with what the save left to say', () => {
    expect(reduceScreen(saving(), { type: 'saved', note: NOTE, callback: null })).toEqual({
      kind: 'idle',
      note: { kind: 'saved', ...NOTE },
    });
  });

  it('ignores a save started twice or a save ending that is not running', () => {
    const once = saving();
    expect(reduceScreen(once, { type: 'saveStarted', save: saveOf('NI') })).toBe(once);
    expect(onCall({ type: 'saved', note: NOTE, callback: null }).kind).toBe('onCall');
  });
});

describe('reduceScreen: the callback after the save', () => {
  const setting = () =>
    onCall(
      { type: 'ended', end: PARTIAL },
      { type: 'saveStarted', save: saveOf('CALLBACK', FORM) },
      { type: 'saved', note: { ...NOTE, outcome: 'partial' }, callback: FORM },
    );

  it('sets the callback next, busy while it goes; the lead is saved, the callback is still to lose', () => {
    expect(stepOf(setting())).toEqual({
      kind: 'settingCallback',
      saved: { ...NOTE, outcome: 'partial' },
      form: FORM,
      sending: true,
      error: null,
    });
    expect(isBusy(setting())).toBe(true);
    expect(hasUnsavedWork(setting())).toBe(true);
  });

  it('keeps the form and its values when the callback is refused; a change clears the error; Retry sends again', () => {
    const failed = reduceScreen(setting(), { type: 'callbackFailed', message: 'The callback time is in the past' });
    expect(stepOf(failed)).toMatchObject({ form: FORM, sending: false, error: 'The callback time is in the past' });
    const corrected = reduceScreen(failed, { type: 'callbackChanged', form: { at: '2026-11-20 19:00' } });
    expect(stepOf(corrected)).toMatchObject({ form: { ...FORM, at: '2026-11-20 19:00' }, error: null });
    expect(stepOf(reduceScreen(corrected, { type: 'callbackSending' }))).toMatchObject({ sending: true });
  });

  it('ends idle with the callback said, or without it when the agent goes on', () => {
    expect(reduceScreen(setting(), { type: 'callbackSet', at: '2026-11-20 18:30' })).toEqual({
      kind: 'idle',
      note: { kind: 'saved', ...NOTE, outcome: 'partial', callbackAt: '2026-11-20 18:30' },
    });
    const failed = reduceScreen(setting(), { type: 'callbackFailed', message: 'down' });
    expect(reduceScreen(failed, { type: 'callbackSkipped' })).toEqual({
      kind: 'idle',
      note: { kind: 'saved', ...NOTE, outcome: 'partial' },
    });
  });
});

describe('reduceScreen: cleared', () => {
  it('leaves nothing on screen and nothing to say', () => {
    expect(onCall({ type: 'answered', questionId: 1, value: 'Yes' }, { type: 'cleared' })).toEqual(IDLE);
  });
});
