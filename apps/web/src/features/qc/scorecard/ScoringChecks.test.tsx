// The scoring player's automatic checks and the Hold Process hint, as on the QC panel: the chips and the waveform of
// the recording chosen, a click on the hold seeking the audio to its start, the hint under Hold Process seeking there
// too and never choosing a mark; "Being analysed…" until the analysis is done; a failure shown inline.
import '../../../test/jsdom-fonts.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ANALYSIS_MESSAGES, bestScores, type TRecordingAnalysisReply } from '@crm/shared';
import { renderWithApp } from '../../../test/render.tsx';
import { fakeServer, type TFakeRoute } from '../../../test/lead-actions-test-fetch.ts';
import { monoWithHold, pendingReply } from '../../../test/analysis-test-data.ts';
import { HoldHint } from './HoldHint.tsx';
import { Scorecard } from './Scorecard.tsx';
import { ScoringPlayer, type TRecordingRef } from '../../../components/recording/ScoringPlayer.tsx';

const CALL: TRecordingRef = { date: '2026-11-19', fileName: 'call.wav' };
const ANALYSIS = 'GET /api/voicelog/analysis';

function serve(analysis: TFakeRoute) {
  return fakeServer({
    'GET /api/auth/media-token': { body: { token: 't1', expiresAt: '2030-01-01T00:00:00.000Z' } },
    [ANALYSIS]: analysis,
  });
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});
afterEach(() => vi.restoreAllMocks());

const ROW_NOTES = { holdProcess: <HoldHint /> };

function Panel({ onScore = () => undefined }: { onScore?: () => void }) {
  return (
    <>
      <ScoringPlayer recording={CALL} empty="Nothing chosen" />
      <Scorecard
        columns={[
          {
            key: 'a',
            title: 'Marks 1',
            values: { scores: bestScores(), fatalReason: '', easVoiceMatched: '', suggestion: '' },
            locked: false,
          },
        ]}
        onScore={onScore}
        onText={() => undefined}
        rowNotes={ROW_NOTES}
      />
    </>
  );
}

const audio = () => {
  const found = document.querySelector('audio');
  if (found === null) throw new Error('no <audio>');
  return found;
};

describe('the scoring player’s checks', () => {
  it('shows the chips and the waveform, and a click on the hold seeks to its start', async () => {
    const server = serve({ body: monoWithHold() });
    renderWithApp(<Panel />);
    const chips = await screen.findByRole('list', { name: /^Automatic checks/ });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['Dead air 37 s', 'Longest silence 31 s', 'Hold 31 s']);
    expect(server.sent.find((r) => r.path === '/api/voicelog/analysis')?.query).toEqual({
      fileName: '2026-11-19/call.wav',
    });
    await waitFor(() => audio());
    fireEvent.click(screen.getByRole('button', { name: 'Hold 31 s at 02:14' }));
    expect(audio().currentTime).toBe(134);
    expect((document.querySelector('[data-playhead]') as HTMLElement).style.left).toBe('67%');
  });

  it('hints at the hold under Hold Process, seeks there, and leaves the mark to the inspector', async () => {
    serve({ body: monoWithHold() });
    const onScore = vi.fn();
    renderWithApp(<Panel onScore={onScore} />);
    const row = screen.getByRole('rowheader', { name: /Hold Process/ });
    const hint = await within(row).findByRole('button', { name: 'Hold of 31 s at 02:14' });
    await waitFor(() => audio());
    audio().currentTime = 5;
    fireEvent.click(hint);
    expect(audio().currentTime).toBe(134);
    expect(onScore).not.toHaveBeenCalled();
    expect(
      screen.getByRole('radiogroup', { name: 'Marks 1: Hold Process' }).querySelector<HTMLInputElement>('input:checked')
        ?.value,
    ).toBe('0');
    // No hint on any other row.
    expect(screen.getAllByRole('button', { name: /^Hold of/ })).toHaveLength(1);
  });

  it('gives no hint for a call without a hold', async () => {
    const calm = monoWithHold();
    calm.deadAir = { totalSec: 5.5, longestSec: 4, holds: [] };
    serve({ body: calm });
    renderWithApp(<Panel />);
    await screen.findByRole('list', { name: /^Automatic checks/ });
    expect(screen.queryByRole('button', { name: /^Hold of/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Hold / })).toBeNull();
  });

  it('says the recording is being analysed, and asks again until it is done', async () => {
    let calls = 0;
    serve((): { body: TRecordingAnalysisReply } => {
      calls += 1;
      return { body: calls === 1 ? pendingReply() : monoWithHold() };
    });
    renderWithApp(<Panel />);
    expect(await screen.findByText(ANALYSIS_MESSAGES.pending)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Waveform' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Hold of/ })).toBeNull();
    await screen.findByRole('button', { name: 'Hold 31 s at 02:14' }, { timeout: 6000 });
    expect(screen.queryByText(ANALYSIS_MESSAGES.pending)).toBeNull();
    expect(screen.getByRole('button', { name: 'Hold of 31 s at 02:14' })).toBeTruthy();
  });

  it('says why an unreadable recording has no checks', async () => {
    serve({ body: { ...pendingReply(), status: 'unreadable', reason: 'The file ends before its first frame' } });
    renderWithApp(<Panel />);
    expect(await screen.findByText('Unreadable: The file ends before its first frame')).toBeTruthy();
  });

  it('shows a failure beside the player, and Retry asks again', async () => {
    let calls = 0;
    serve(() => {
      calls += 1;
      return calls === 1 ? { status: 404, body: { message: ANALYSIS_MESSAGES.notIndexed } } : { body: monoWithHold() };
    });
    renderWithApp(<Panel />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`The automatic checks could not be loaded: ${ANALYSIS_MESSAGES.notIndexed}`);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('button', { name: 'Hold 31 s at 02:14' });
  });
});
