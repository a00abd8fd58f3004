// The CRM screen's reducer as a table: every action from every state of the call (idle, idle with a note, searching,
// answering, answering after a refused save, choosing the disposition, saving, a failed save, setting the callback and a
// refused callback). A state refuses an action by giving itself back, the same object; it accepts the others.
import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPOSITIONS, type TLead } from '@crm/shared';
import { testQuestion } from '../../test/questions.ts';
import { buildSurvey } from '../../components/survey/use-campaign-survey.ts';
import { IDLE, reduceScreen, type TAction, type TCall, type TPendingSave, type TScreen } from './call-state.ts';

const question = testQuestion;
const LEAD: TLead = { id: 12, cell_number: '+8801712345678', is_called: 0, Q1: null, Q2: null, version: 3 };
const CALL: TCall = {
  lead: LEAD,
  survey: buildSurvey([question(1, 'Select Option', 'Yes, No'), question(2, 'Text Input')], []),
  dispositions: [...DEFAULT_DISPOSITIONS],
  run: { path: [1], answers: {} },
  resumed: null,
  touched: false,
  startedAt: 1000,
  version: 3,
  dialerCallId: null,
};
const END = { outcome: 'partial' as const, body: { Q1: 'No', Q2: 'Partial Call', is_called: 0 } };
const FORM = { at: '2026-11-20 18:30', mineOnly: true, note: 'after work' };
const SAVE: TPendingSave = { end: END, disposition: DEFAULT_DISPOSITIONS[0] ?? null, callback: FORM };
const NOTE = {
  outcome: 'partial' as const,
  lastCall: { leadId: 12, cellNumber: '+8801712345678' },
  disposition: null,
  dialer: null,
  doNotCall: null,
  callbackAt: null,
};

/** One action of each type (the record's type makes a new action type fail here until it is in the table). */
const ACTIONS: { [K in TAction['type']]: Extract<TAction, { type: K }> } = {
  searchStarted: { type: 'searchStarted', number: '017' },
  searchEnded: { type: 'searchEnded', note: { kind: 'failed', message: 'down' } },
  noted: { type: 'noted', note: { kind: 'web-form', message: 'Another VICIdial user' } },
  callOpened: { type: 'callOpened', call: CALL },
  answered: { type: 'answered', questionId: 1, value: 'Yes' },
  moved: { type: 'moved', run: { path: [1, 2], answers: { 1: 'Yes' } } },
  problem: { type: 'problem', message: 'Choose an answer' },
  ended: { type: 'ended', end: END },
  dispositionChosen: { type: 'dispositionChosen', code: 'NI' },
  callbackChanged: { type: 'callbackChanged', form: { note: 'later' } },
  endProblem: { type: 'endProblem', message: 'Choose how the call ended' },
  backToSurvey: { type: 'backToSurvey' },
  saveStarted: { type: 'saveStarted', save: SAVE },
  saveFailed: { type: 'saveFailed', message: 'Database busy', mayBeSaved: false },
  saveRefused: { type: 'saveRefused', refusal: { kind: 'stale', message: 'Saved by AG-1002' } },
  saved: { type: 'saved', note: NOTE, callback: FORM },
  callbackSending: { type: 'callbackSending' },
  callbackFailed: { type: 'callbackFailed', message: 'The callback time is in the past' },
  callbackSet: { type: 'callbackSet', at: FORM.at },
  callbackSkipped: { type: 'callbackSkipped' },
  cleared: { type: 'cleared' },
};
const ALL = Object.values(ACTIONS);

const run = (screen: TScreen, ...actions: TAction[]) => actions.reduce(reduceScreen, screen);
const ANSWERING = run(IDLE, ACTIONS.searchStarted, ACTIONS.callOpened);
const DISPOSING = run(ANSWERING, ACTIONS.ended);
const SAVING = run(DISPOSING, ACTIONS.saveStarted);
const SETTING_CALLBACK = run(SAVING, ACTIONS.saved);

/** Any state may start a search, open a call or be cleared (use-crm-call.ts asks before dropping unsaved work). */
const ALWAYS: TAction['type'][] = ['searchStarted', 'callOpened', 'cleared'];
const ON_SURVEY: TAction['type'][] = [...ALWAYS, 'answered', 'moved', 'problem', 'ended'];
const ON_CALLBACK: TAction['type'][] = [
  ...ALWAYS,
  'callbackChanged',
  'callbackSending',
  'callbackFailed',
  'callbackSet',
  'callbackSkipped',
];

const STATES: { name: string; screen: TScreen; accepts: TAction['type'][] }[] = [
  // IDLE cleared is IDLE itself: nothing changes.
  { name: 'idle', screen: IDLE, accepts: ['searchStarted', 'callOpened', 'noted'] },
  {
    name: 'idle with a note',
    screen: run(IDLE, ACTIONS.searchStarted, ACTIONS.searchEnded),
    accepts: [...ALWAYS, 'noted'],
  },
  { name: 'searching', screen: run(IDLE, ACTIONS.searchStarted), accepts: [...ALWAYS, 'searchEnded'] },
  { name: 'answering', screen: ANSWERING, accepts: ON_SURVEY },
  { name: 'answering after a refused save', screen: run(SAVING, ACTIONS.saveRefused), accepts: ON_SURVEY },
  {
    name: 'choosing the disposition',
    screen: DISPOSING,
    accepts: [...ALWAYS, 'dispositionChosen', 'callbackChanged', 'endProblem', 'backToSurvey', 'saveStarted'],
  },
  { name: 'saving', screen: SAVING, accepts: [...ALWAYS, 'saveFailed', 'saveRefused', 'saved'] },
  {
    name: 'a failed save',
    screen: run(SAVING, ACTIONS.saveFailed),
    accepts: [...ALWAYS, 'backToSurvey', 'saveStarted'],
  },
  { name: 'setting the callback', screen: SETTING_CALLBACK, accepts: ON_CALLBACK },
  { name: 'a refused callback', screen: run(SETTING_CALLBACK, ACTIONS.callbackFailed), accepts: ON_CALLBACK },
];

describe('reduceScreen: every action from every state', () => {
  for (const { name, screen, accepts } of STATES) {
    it(`${name}: accepts ${accepts.join(', ')}`, () => {
      for (const action of ALL.filter((a) => accepts.includes(a.type)))
        expect(reduceScreen(screen, action), action.type).not.toBe(screen);
    });
    it(`${name}: refuses every other action`, () => {
      for (const action of ALL.filter((a) => !accepts.includes(a.type)))
        expect(reduceScreen(screen, action), action.type).toBe(screen);
    });
  }
});

describe('reduceScreen: where each accepted action leads', () => {
  const kindOf = (screen: TScreen) => (screen.kind === 'onCall' ? screen.step.kind : screen.kind);
  const cases: [string, TScreen, TAction, string][] = [
    ['idle', IDLE, ACTIONS.searchStarted, 'searching'],
    ['idle', IDLE, ACTIONS.callOpened, 'answering'],
    ['searching', run(IDLE, ACTIONS.searchStarted), ACTIONS.searchEnded, 'idle'],
    ['answering', ANSWERING, ACTIONS.answered, 'answering'],
    ['answering', ANSWERING, ACTIONS.moved, 'answering'],
    ['answering', ANSWERING, ACTIONS.problem, 'answering'],
    ['answering', ANSWERING, ACTIONS.ended, 'disposing'],
    ['disposing', DISPOSING, ACTIONS.dispositionChosen, 'disposing'],
    ['disposing', DISPOSING, ACTIONS.callbackChanged, 'disposing'],
    ['disposing', DISPOSING, ACTIONS.endProblem, 'disposing'],
    ['disposing', DISPOSING, ACTIONS.backToSurvey, 'answering'],
    ['disposing', DISPOSING, ACTIONS.saveStarted, 'saving'],
    ['saving', SAVING, ACTIONS.saveFailed, 'failed'],
    ['saving', SAVING, ACTIONS.saveRefused, 'answering'],
    ['saving', SAVING, ACTIONS.saved, 'settingCallback'],
    ['saving', SAVING, { ...ACTIONS.saved, callback: null }, 'idle'],
    ['failed', run(SAVING, ACTIONS.saveFailed), ACTIONS.backToSurvey, 'answering'],
    ['failed', run(SAVING, ACTIONS.saveFailed), ACTIONS.saveStarted, 'saving'],
    ['settingCallback', SETTING_CALLBACK, ACTIONS.callbackFailed, 'settingCallback'],
    ['settingCallback', SETTING_CALLBACK, ACTIONS.callbackSet, 'idle'],
    ['settingCallback', SETTING_CALLBACK, ACTIONS.callbackSkipped, 'idle'],
    ['settingCallback', SETTING_CALLBACK, ACTIONS.cleared, 'idle'],
    ['saving', SAVING, ACTIONS.searchStarted, 'searching'],
  ];
  for (const [from, screen, action, to] of cases)
    it(`${from} --${action.type}--> ${to}`, () => expect(kindOf(reduceScreen(screen, action))).toBe(to));

  it('the one reset: cleared from any state is the idle screen with nothing to say', () => {
    for (const { screen } of STATES) expect(reduceScreen(screen, ACTIONS.cleared)).toBe(IDLE);
  });
});
