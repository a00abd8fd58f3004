// An inspector's scoring of a session, as the QC panel scores: the shared player and scorecard form on every call
// (Standard included), keys only: the first criterion focused, F6 to the comment, Ctrl+Enter and Enter to submit; then
// the next unscored call opens with its first criterion focused under a banner, and after the last, "all scored".
import '../../test/jsdom-fonts.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  STANDARD_SCORECARD,
  bestScores,
  scoreMarks,
  standardMarksOf,
  type TCalibrationCall,
  type TCalibrationScoring,
  type TCalibrationSession,
  type TScorecard,
} from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { fakeServer, type TSentRequest } from '../../test/lead-actions-test-fetch.ts';
import { ScoringView } from './ScoringView.tsx';

const VERSION: TScorecard = {
  ...STANDARD_SCORECARD,
  id: 1,
  scorecardId: 1,
  version: 1,
  state: 'published',
  builtIn: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'system',
  publishedAt: '2026-01-01T00:00:00.000Z',
  retiredAt: null,
  usedBy: [],
  records: 0,
};

function scoringOf(name: string, liveliness: number): TCalibrationScoring {
  const scores = { ...bestScores(), liveliness };
  const result = scoreMarks(STANDARD_SCORECARD, standardMarksOf(scores));
  return {
    inspectorId: 9,
    inspectorName: name,
    scores,
    total: result.total,
    grade: result.grade,
    scorecard: { id: 1, scorecardId: 1, name: 'Standard', version: 1, scoringMode: 'points', ...result },
    comment: '',
    submittedAt: '2026-11-20T10:00:00.000Z',
  };
}

const call = (id: number, position: number, fileName: string | null): TCalibrationCall => ({
  id,
  position,
  campaignName: 'Mobile',
  consumerNumber: `+88017120001${position}`,
  callDate: '2021-09-07',
  fileName,
  myScoring: null,
  scorings: [],
  scoredCount: 0,
  expert: null,
  expertTotal: null,
  scorecardId: 1,
  scorecardRef: { id: 1, scorecardId: 1, name: 'Standard', version: 1 },
  expertScorecard: null,
});

const SESSION: TCalibrationSession = {
  id: 3,
  name: 'November calibration',
  deadline: '2099-12-31',
  closesAt: '2100-01-01T00:00:00.000Z',
  status: 'open',
  closedAt: null,
  createdBy: 'admin',
  createdAt: '2026-11-20T09:00:00.000Z',
  callCount: 2,
  inspectorCount: 2,
  scoringCount: 0,
  scoredByMe: 0,
  inspectors: [],
  calls: [call(11, 1, 'first.wav'), call(12, 2, null)],
  participant: true,
};

let sent: TSentRequest[] = [];
beforeEach(() => {
  localStorage.clear();
  ({ sent } = fakeServer({
    'GET /api/scorecards/1': { body: VERSION },
    'PUT /api/calibration/3/calls/11/scoring': { body: scoringOf('Me', 5) },
    'PUT /api/calibration/3/calls/12/scoring': { body: scoringOf('Me', 10) },
    'GET /api/calibration/3': { body: SESSION },
  }));
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});
afterEach(() => vi.restoreAllMocks());

const focusedCriterion = () => document.activeElement?.closest<HTMLElement>('[data-criterion]')?.dataset.criterion;

async function submitByKeys() {
  fireEvent.keyDown(document.body, { key: 'Enter', ctrlKey: true });
  const dialog = await screen.findByRole('dialog');
  // Confirm has the focus: Enter confirms.
  await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Confirm' })));
  fireEvent.click(document.activeElement as HTMLElement);
}

describe('ScoringView', () => {
  it('scores a Standard call by keys in the shared form and opens the next call, its first criterion focused', async () => {
    renderWithApp(<ScoringView session={SESSION} />);
    // The QC panel's player (speeds) and form, and the keyboard starts on the first criterion.
    const player = screen.getByRole('region', { name: 'Player' });
    within(player).getByRole('radiogroup', { name: 'Playback speed' });
    await waitFor(() => expect(focusedCriterion()).toBe('greetings'));
    expect(screen.getAllByRole('radio', { name: 'Yes (10)' }).length).toBeGreaterThan(0);

    // 2 on Greetings: its second choice, No (-5), then Ctrl+Enter and the confirmation.
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: '2' });
    await waitFor(() => expect(screen.getByLabelText('Total').textContent).toContain('95'));
    // F6 from the scorecard: the comment box, then the player; Shift+F6 back.
    const comment = screen.getByRole('textbox', { name: 'Comment' });
    fireEvent.keyDown(document.body, { key: 'F6' });
    expect(document.activeElement).toBe(comment);
    fireEvent.keyDown(document.body, { key: 'F6' });
    expect(player.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.body, { key: 'F6', shiftKey: true });
    expect(document.activeElement).toBe(comment);
    fireEvent.change(document.activeElement as HTMLElement, { target: { value: 'Slow start' } });
    await submitByKeys();

    const banner = await screen.findByRole('status', { name: 'Scoring saved' });
    expect(banner.textContent).toContain('Scoring submitted: call 1 (total 95, Exceed Expectation).');
    expect(banner.textContent).toContain('Next: call 2, +880171200012 on 2021-09-07.');
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({ comment: 'Slow start', scorecard: { id: 1 } });
    expect(JSON.stringify(put?.body)).toContain('"key":"greetings","choice":"No"');

    // Call 2 (no recording) is open at once, its first criterion focused.
    await screen.findByText(/^Call 2: Mobile/);
    screen.getByText(/No recording was chosen for this call/);
    await waitFor(() => expect(focusedCriterion()).toBe('greetings'));
  }, 30_000);

  it('says every call is scored after the last, with the results link, and keeps the call read-only', async () => {
    const scored = { ...call(11, 1, 'first.wav'), myScoring: scoringOf('Me', 10), scorings: [scoringOf('B', 5)] };
    const session = { ...SESSION, calls: [scored, call(12, 2, null)] };
    renderWithApp(<ScoringView session={session} />);
    await screen.findByText(/^Call 2: Mobile/);
    await waitFor(() => expect(focusedCriterion()).toBe('greetings'));
    await submitByKeys();
    const banner = await screen.findByRole('status', { name: 'Scoring saved' });
    expect(banner.textContent).toContain('All 2 calls of this session are scored.');
    expect(within(banner).getByRole('link', { name: 'Results' }).getAttribute('href')).toBe('/calibration/3');

    // Call 1, submitted before: read-only, the other's differing answer under its criterion.
    fireEvent.click(screen.getByRole('button', { name: /Call 1/ }));
    await screen.findByText(/^Call 1: Mobile/);
    const liveliness = await waitFor(() => {
      const row = document.querySelector<HTMLElement>('[data-criterion="liveliness"]');
      if (row === null) throw new Error('no row yet');
      return row;
    });
    within(liveliness).getByText('Others: B: Need Improvement');
    expect(within(liveliness).getByRole('radio', { name: 'No (0)' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: /Submit scoring/ })).toBeNull();
  }, 30_000);
});
