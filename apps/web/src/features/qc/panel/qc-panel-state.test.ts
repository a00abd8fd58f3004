// The QC panel's reducer: each event from each call state (none, searched, submitting, submitted) it accepts, what it
// becomes, and the events each state refuses (the same state back).
import { describe, expect, it } from 'vitest';
import type { TQcClientRecord, TQcRecord, TVoiceFile } from '@crm/shared';
import {
  freshColumns,
  hasUnsavedScores,
  initialPanel,
  isSubmitting,
  READY,
  reduceQcPanel,
  searchedOf,
  submittedOf,
  submitProblemsOf,
  type TQcPanelEvent,
  type TQcPanelState,
} from './qc-panel-state.ts';
import { SCORING_PROBLEMS } from './scorecard.ts';
import { NO_PROGRESS } from './submit-qc.ts';
import { NO_TICK } from './tick.ts';

const SEARCH = { campaignName: 'Spring Survey', consumerNumber: '01712345678', callDate: '2026-11-19' };
const file = (fileName: string, agentId = 'AG-1001'): TVoiceFile => ({
  dateTime: null,
  phoneNumber: SEARCH.consumerNumber,
  campaignName: SEARCH.campaignName,
  agentId,
  fileName,
  duration: 42,
  checks: null,
});
const inHouse = { id: 11, agentId: 'AG-1001' } as TQcRecord;
const client = { id: 12 } as TQcClientRecord;
const SUBMITTED = { search: SEARCH, inHouse, client, fileName: 'a.wav', comments: 0 };

const run = (state: TQcPanelState, ...events: TQcPanelEvent[]) => events.reduce(reduceQcPanel, state);

const NONE = initialPanel('2026-11-20', '{}');
/** A call on screen, its recording chosen and its length known (the tick can be clicked). */
const SEARCHED = run(
  NONE,
  { type: 'formChanged', form: SEARCH },
  { type: 'searchStarted', search: SEARCH },
  { type: 'recordingChosen', file: file('a.wav'), agentId: 'AG-1001' },
  { type: 'metadataLoaded', fileName: 'a.wav', seconds: 42 },
);
const SUBMITTING = run(SEARCHED, { type: 'submitStarted' });
const DONE = run(SUBMITTING, { type: 'submitted', submitted: SUBMITTED });

const EVERY_EVENT: TQcPanelEvent[] = [
  { type: 'formChanged', form: SEARCH },
  { type: 'formChecked', problems: {} },
  { type: 'searchStarted', search: SEARCH },
  { type: 'pageChanged', page: 2 },
  { type: 'filtersChanged', filterKey: '{"sort":"score"}' },
  { type: 'recordingChosen', file: file('a.wav'), agentId: 'AG-1001' },
  { type: 'wantedFileLooked', file: file('a.wav'), agentId: 'AG-1001' },
  { type: 'metadataLoaded', fileName: 'a.wav', seconds: 42 },
  { type: 'tickClicked' },
  { type: 'agentPicked', agentId: 'AG-1002' },
  { type: 'scored', key: 'inHouse', criterion: 'greetings', marks: 0 },
  { type: 'textChanged', key: 'client', field: 'suggestion', value: 'Slower' },
  { type: 'copiedToClient' },
  { type: 'commentAdded', fileName: 'a.wav', atSeconds: 5, text: 'Rushed the greeting' },
  { type: 'commentRemoved', id: 1 },
  { type: 'agentMissing' },
  { type: 'submitStarted' },
  { type: 'submitFailed', progress: NO_PROGRESS, problems: ['down'] },
  { type: 'submitted', submitted: SUBMITTED },
];

/** The events each state gives back unchanged (the same object); it accepts every other one. */
const REFUSED: Record<string, { state: TQcPanelState; events: TQcPanelEvent['type'][] }> = {
  'no call': {
    state: NONE,
    events: [
      'recordingChosen',
      'wantedFileLooked',
      'metadataLoaded',
      'tickClicked',
      'scored',
      'textChanged',
      'copiedToClient',
      'commentAdded',
      'commentRemoved',
      'agentMissing',
      'submitStarted',
      'submitFailed',
      'submitted',
    ],
  },
  searched: {
    state: SEARCHED,
    // No comment held yet: none to remove.
    events: ['wantedFileLooked', 'metadataLoaded', 'commentRemoved', 'submitFailed', 'submitted'],
  },
  submitting: {
    state: SUBMITTING,
    events: [
      'wantedFileLooked',
      'metadataLoaded',
      'scored',
      'textChanged',
      'copiedToClient',
      'commentAdded',
      'commentRemoved',
      'agentMissing',
      'submitStarted',
    ],
  },
  submitted: {
    state: DONE,
    events: [
      'recordingChosen',
      'wantedFileLooked',
      'metadataLoaded',
      'tickClicked',
      'scored',
      'textChanged',
      'copiedToClient',
      'commentAdded',
      'commentRemoved',
      'agentMissing',
      'submitStarted',
      'submitFailed',
      'submitted',
    ],
  },
};

describe('reduceQcPanel: every event from every call state', () => {
  for (const [name, { state, events }] of Object.entries(REFUSED)) {
    it(`${name}: refuses ${events.join(', ')}`, () => {
      for (const event of EVERY_EVENT.filter((e) => events.includes(e.type)))
        expect(reduceQcPanel(state, event), event.type).toBe(state);
    });
    it(`${name}: accepts every other event`, () => {
      for (const event of EVERY_EVENT.filter((e) => !events.includes(e.type)))
        expect(reduceQcPanel(state, event), event.type).not.toBe(state);
    });
  }
});

describe('reduceQcPanel: search', () => {
  it('starts with no call, an empty form at the given date, the first page, nothing scored', () => {
    expect(NONE.search).toMatchObject({
      form: { campaignName: '', consumerNumber: '', callDate: '2026-11-20' },
      call: { kind: 'none' },
      page: 0,
    });
    expect(searchedOf(NONE)).toBeNull();
    expect(submittedOf(NONE)).toBeNull();
    expect(NONE.submit).toEqual(READY);
  });

  it('keeps the form and its problems', () => {
    const checked = run(NONE, { type: 'formChecked', problems: { consumerNumber: 'Enter the consumer number' } });
    expect(checked.search.problems).toEqual({ consumerNumber: 'Enter the consumer number' });
    expect(checked.search.call).toEqual({ kind: 'none' });
  });

  it('a search opens the call with a new id, the first page, scoring and submit started over', () => {
    const scored = run(
      SEARCHED,
      { type: 'pageChanged', page: 3 },
      { type: 'scored', key: 'inHouse', criterion: 'greetings', marks: 0 },
      { type: 'submitStarted' },
      { type: 'submitFailed', progress: { inHouse, client: null, linked: [], commented: [] }, problems: ['down'] },
    );
    const again = run(scored, { type: 'searchStarted', search: SEARCH });
    expect(searchedOf(again)).toEqual({ ...SEARCH, id: 2 });
    expect(again.search.page).toBe(0);
    expect(again.scoring).toEqual({
      chosen: null,
      tick: NO_TICK,
      pickedAgent: null,
      agentError: null,
      columns: freshColumns(),
      cards: {},
      cardProblems: {},
      autoLink: false,
      clientSuggestionEdited: false,
      comments: [],
    });
    expect(again.submit).toEqual(READY);
  });

  it('a search from the address fills the form, clears its problems and waits for the recording named', () => {
    const withProblems = run(NONE, { type: 'formChecked', problems: { campaignName: 'Choose a campaign' } });
    const opened = run(withProblems, { type: 'searchStarted', search: SEARCH, fileName: 'b.wav' });
    expect(opened.search).toMatchObject({ form: SEARCH, problems: {}, wantedFile: 'b.wav' });
    expect(searchedOf(opened)?.id).toBe(1);
  });

  it('a typed search keeps the recording the address named', () => {
    const opened = run(NONE, { type: 'searchStarted', search: SEARCH, fileName: 'b.wav' });
    expect(run(opened, { type: 'searchStarted', search: SEARCH }).search.wantedFile).toBe('b.wav');
  });

  it('other filters go back to the first page; the same filters keep it', () => {
    const paged = run(SEARCHED, { type: 'pageChanged', page: 2 });
    expect(run(paged, { type: 'filtersChanged', filterKey: '{}' })).toBe(paged);
    const filtered = run(paged, { type: 'filtersChanged', filterKey: '{"sort":"score"}' });
    expect(filtered.search).toMatchObject({ page: 0, filterKey: '{"sort":"score"}' });
  });

  it('the recording the address named is chosen with its agent once found; not found, it is waited for no more', () => {
    const opened = run(NONE, { type: 'searchStarted', search: SEARCH, fileName: 'b.wav' });
    const found = run(opened, { type: 'wantedFileLooked', file: file('b.wav', 'AG-1002'), agentId: 'AG-1002' });
    expect(found.search.wantedFile).toBeNull();
    expect(found.scoring).toMatchObject({ chosen: { fileName: 'b.wav' }, pickedAgent: 'AG-1002' });
    const missing = run(opened, { type: 'wantedFileLooked', file: undefined, agentId: undefined });
    expect(missing.search.wantedFile).toBeNull();
    expect(missing.scoring.chosen).toBeNull();
  });
});

describe('reduceQcPanel: scoring', () => {
  it('choosing a recording starts its tick and picks its agent (an unknown agent keeps the one picked)', () => {
    const opened = run(NONE, { type: 'searchStarted', search: SEARCH });
    const chosen = run(opened, { type: 'recordingChosen', file: file('a.wav'), agentId: 'AG-1001' });
    expect(chosen.scoring).toMatchObject({ chosen: { fileName: 'a.wav' }, tick: { kind: 'loading' } });
    expect(chosen.scoring.pickedAgent).toBe('AG-1001');
    const other = run(chosen, { type: 'recordingChosen', file: file('b.wav', 'X'), agentId: undefined });
    expect(other.scoring).toMatchObject({ chosen: { fileName: 'b.wav' }, pickedAgent: 'AG-1001' });
  });

  it('a chosen agent clears the agent problem', () => {
    const missing = run(NONE, { type: 'searchStarted', search: SEARCH }, { type: 'agentMissing' });
    expect(missing.scoring.agentError).toBe(SCORING_PROBLEMS.agent);
    expect(run(missing, { type: 'agentPicked', agentId: 'AG-1002' }).scoring).toMatchObject({
      pickedAgent: 'AG-1002',
      agentError: null,
    });
    const chosen = run(missing, { type: 'recordingChosen', file: file('a.wav'), agentId: 'AG-1001' });
    expect(chosen.scoring.agentError).toBeNull();
  });

  it('the tick: the length known, a click marks the call successful, a second click clears it', () => {
    const opened = run(NONE, { type: 'searchStarted', search: SEARCH });
    const chosen = run(opened, { type: 'recordingChosen', file: file('a.wav'), agentId: undefined });
    const ready = run(chosen, { type: 'metadataLoaded', fileName: 'a.wav', seconds: 42 });
    expect(ready.scoring.tick).toEqual({ kind: 'ready', fileName: 'a.wav', seconds: 42 });
    const ticked = run(ready, { type: 'tickClicked' });
    expect(ticked.scoring.tick).toEqual({ kind: 'ticked', fileName: 'a.wav', seconds: 42 });
    expect(run(ticked, { type: 'tickClicked' }).scoring.tick.kind).toBe('ready');
    // Another recording's length is ignored.
    expect(run(chosen, { type: 'metadataLoaded', fileName: 'b.wav', seconds: 9 }).scoring.tick.kind).toBe('loading');
  });

  it('marks and texts change one column; Copy makes the client column the in-house one', () => {
    const scored = run(
      SEARCHED,
      { type: 'scored', key: 'inHouse', criterion: 'greetings', marks: 0 },
      { type: 'textChanged', key: 'inHouse', field: 'fatalReason', value: 'Rude' },
    );
    expect(scored.scoring.columns.inHouse.scores.greetings).toBe(0);
    expect(scored.scoring.columns.inHouse.fatalReason).toBe('Rude');
    expect(scored.scoring.columns.client).toEqual(freshColumns().client);
    expect(hasUnsavedScores(scored)).toBe(true);
    const copied = run(scored, { type: 'copiedToClient' });
    expect(copied.scoring.columns.client).toEqual(scored.scoring.columns.inHouse);
    expect(copied.scoring.columns.client.scores).not.toBe(scored.scoring.columns.inHouse.scores);
  });
});

it('types the suggestion once: Marks 1’s is copied to Marks 2 until Marks 2’s is edited there', () => {
  const typed = run(SEARCHED, { type: 'textChanged', key: 'inHouse', field: 'suggestion', value: 'Slower' });
  expect(typed.scoring.columns.client.suggestion).toBe('Slower');
  const edited = run(
    typed,
    { type: 'textChanged', key: 'client', field: 'suggestion', value: 'Slower, please' },
    { type: 'textChanged', key: 'inHouse', field: 'suggestion', value: 'Slower still' },
  );
  expect(edited.scoring.columns.inHouse.suggestion).toBe('Slower still');
  expect(edited.scoring.columns.client.suggestion).toBe('Slower, please');
});

it('ticks a claimed call’s recording itself once its length is known (the tick still clears)', () => {
  const opened = run(NONE, {
    type: 'searchStarted',
    search: SEARCH,
    fileName: 'claimed.wav',
    claimed: file('claimed.wav'),
  });
  expect(opened.scoring.chosen?.fileName).toBe('claimed.wav');
  const loaded = run(opened, { type: 'metadataLoaded', fileName: 'claimed.wav', seconds: 40 });
  expect(loaded.scoring.tick).toEqual({ kind: 'ticked', fileName: 'claimed.wav', seconds: 40 });
  expect(run(loaded, { type: 'tickClicked' }).scoring.tick.kind).toBe('ready');
});

describe('reduceQcPanel: submit', () => {
  it('submitting, then a failure keeps what was stored and why it stopped', () => {
    expect(isSubmitting(SUBMITTING)).toBe(true);
    expect(submitProblemsOf(SUBMITTING)).toEqual([]);
    const progress = { inHouse, client: null, linked: [], commented: [] };
    const failed = run(SUBMITTING, { type: 'submitFailed', progress, problems: ['The client record was not saved'] });
    expect(failed.submit).toEqual({ kind: 'ready', progress, problems: ['The client record was not saved'] });
    // A record stored counts as scores not to drop.
    expect(hasUnsavedScores(failed)).toBe(true);
    // Submit again: the problems go, what was stored stays.
    expect(run(failed, { type: 'submitStarted' }).submit).toEqual({ kind: 'submitting', progress });
  });

  it('submitted: the summary, the form without its number, scoring and submit started over', () => {
    expect(submittedOf(DONE)).toEqual(SUBMITTED);
    expect(searchedOf(DONE)).toBeNull();
    expect(DONE.search.form).toEqual({ ...SEARCH, consumerNumber: '' });
    expect(DONE.scoring.columns).toEqual(freshColumns());
    expect(DONE.submit).toEqual(READY);
    expect(hasUnsavedScores(DONE)).toBe(false);
    // The next search takes the summary away.
    expect(submittedOf(run(DONE, { type: 'searchStarted', search: SEARCH }))).toBeNull();
  });

  it('nothing scored yet (a recording chosen and ticked is no score): nothing to drop', () => {
    expect(hasUnsavedScores(SEARCHED)).toBe(false);
    expect(hasUnsavedScores(NONE)).toBe(false);
  });
});

describe('reduceQcPanel: comments on the timeline', () => {
  it('holds each comment with its recording and moment, trimmed, ignores an empty one, and removes one', () => {
    const commented = run(
      SEARCHED,
      { type: 'commentAdded', fileName: 'a.wav', atSeconds: 42, text: '  Talked over the customer ' },
      { type: 'commentAdded', fileName: 'a.wav', atSeconds: 7, text: 'Rushed the greeting' },
    );
    expect(commented.scoring.comments).toEqual([
      { id: 1, fileName: 'a.wav', atSeconds: 42, text: 'Talked over the customer' },
      { id: 2, fileName: 'a.wav', atSeconds: 7, text: 'Rushed the greeting' },
    ]);
    expect(run(commented, { type: 'commentAdded', fileName: 'a.wav', atSeconds: 9, text: '   ' })).toBe(commented);
    // A comment typed is something a new search would drop.
    expect(hasUnsavedScores(commented)).toBe(true);
    const removed = run(commented, { type: 'commentRemoved', id: 1 });
    expect(removed.scoring.comments.map((c) => c.id)).toEqual([2]);
    // The next comment never takes an id in use.
    const next = run(removed, { type: 'commentAdded', fileName: 'a.wav', atSeconds: 1, text: 'Again' });
    expect(next.scoring.comments.map((c) => c.id)).toEqual([2, 3]);
  });

  it('keeps a comment a Submit already posted, and forgets them all with the call', () => {
    const commented = run(SEARCHED, { type: 'commentAdded', fileName: 'a.wav', atSeconds: 42, text: 'Here' });
    const failed = run(
      commented,
      { type: 'submitStarted' },
      { type: 'submitFailed', progress: { inHouse, client, linked: [11, 12], commented: [1] }, problems: ['down'] },
    );
    expect(run(failed, { type: 'commentRemoved', id: 1 })).toBe(failed);
    const done = run(failed, { type: 'submitStarted' }, { type: 'submitted', submitted: SUBMITTED });
    expect(done.scoring.comments).toEqual([]);
    expect(run(commented, { type: 'searchStarted', search: SEARCH }).scoring.comments).toEqual([]);
  });
});
