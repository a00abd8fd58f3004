// How a call ends: the dispositions each end allows, the one chosen for the agent, and the save's body with it.
import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPOSITIONS, type TDisposition } from '@crm/shared';
import { dispositionsForEnd, OUTCOME_MESSAGES, preselectedDisposition, saveBodyWith } from './call-end.ts';

const codes = (list: readonly TDisposition[]) => list.map((d) => d.code);
const SET: TDisposition[] = [
  { code: 'NI', name: 'Not interested', kind: 'final', vicidialStatus: 'NI' },
  { code: 'DONE', name: 'Done', kind: 'completed', vicidialStatus: 'SALE' },
  { code: 'DONE2', name: 'Done, other', kind: 'completed', vicidialStatus: 'SALE2' },
  { code: 'CB', name: 'Call back', kind: 'callback', vicidialStatus: 'CALLBK' },
  { code: 'CB2', name: 'Call back later', kind: 'callback', vicidialStatus: 'CBLATE' },
];

describe('dispositionsForEnd', () => {
  it('offers a completed survey only the completed dispositions, every other end the rest, in the campaign order', () => {
    expect(codes(dispositionsForEnd(DEFAULT_DISPOSITIONS, 'completed'))).toEqual(['COMPLETE']);
    for (const outcome of ['notCompleted', 'partial', 'savedNotCompleted'] as const) {
      expect(codes(dispositionsForEnd(DEFAULT_DISPOSITIONS, outcome)), outcome).toEqual([
        'CALLBACK',
        'NI',
        'WRONG',
        'LANG',
        'DNC',
      ]);
    }
  });
});

describe('preselectedDisposition', () => {
  it("chooses the campaign's first completed one for a completed end and its first callback one for a Partial Call", () => {
    expect(preselectedDisposition(dispositionsForEnd(SET, 'completed'), 'completed')).toBe('DONE');
    expect(preselectedDisposition(dispositionsForEnd(SET, 'partial'), 'partial')).toBe('CB');
  });

  it('chooses none for a survey ended not completed: the agent says why', () => {
    expect(preselectedDisposition(dispositionsForEnd(SET, 'notCompleted'), 'notCompleted')).toBeNull();
    expect(preselectedDisposition(dispositionsForEnd(SET, 'savedNotCompleted'), 'savedNotCompleted')).toBeNull();
  });
});

describe('saveBodyWith', () => {
  const end = { outcome: 'partial' as const, body: { Q1: 'No', Q2: 'Partial Call', is_called: 0 } };

  it('adds the disposition code to the answers, or leaves the body as it is without one', () => {
    expect(saveBodyWith(end, SET[0] ?? null)).toEqual({
      Q1: 'No',
      Q2: 'Partial Call',
      is_called: 0,
      disposition: 'NI',
    });
    expect(saveBodyWith(end, null)).toEqual(end.body);
  });

  it("adds a callback disposition's callback, trimmed, for VICIdial's external_status", () => {
    expect(
      saveBodyWith(end, SET[3] ?? null, { at: ' 2026-11-20 18:30 ', mineOnly: false, note: ' after six ' }),
    ).toEqual({
      Q1: 'No',
      Q2: 'Partial Call',
      is_called: 0,
      disposition: 'CB',
      callback: { at: '2026-11-20 18:30', mineOnly: false, note: 'after six' },
    });
  });
});

describe('OUTCOME_MESSAGES', () => {
  it('says a call saved as not completed after a full quota is that, not a partial call', () => {
    expect(OUTCOME_MESSAGES.savedNotCompleted).toBe(
      'Saved as not completed: the quota is full, so no quota counts this call.',
    );
    expect(OUTCOME_MESSAGES.partial).toBe('Survey has been partially completed.');
  });
});
