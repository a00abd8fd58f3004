// The scoring player: Space plays and pauses the recording, ←/→ seek 5 s, [ and ] and the buttons change the speed,
// which the next recording (and the next page) keeps; none of it while the inspector types.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { fakeServer } from '../../test/lead-actions-test-fetch.ts';
import { SPEED_STORAGE_KEY } from './player-keys.ts';
import { ScoringPlayer, type TRecordingRef } from './ScoringPlayer.tsx';

const FIRST: TRecordingRef = { date: '2026-11-19', fileName: 'first.wav' };
const SECOND: TRecordingRef = { date: '2026-11-19', fileName: 'second.wav' };

beforeEach(() => {
  localStorage.clear();
  fakeServer({ 'GET /api/auth/media-token': { body: { token: 't1', expiresAt: '2030-01-01T00:00:00.000Z' } } });
  // jsdom has no media playback: play and pause flip `paused` and fire the events a browser would.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { configurable: true, value: false });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { configurable: true, value: true });
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

async function loadedAudio(seconds = 60): Promise<HTMLAudioElement> {
  const audio = await waitFor(() => {
    const found = document.querySelector('audio');
    if (found === null) throw new Error('no <audio> yet');
    return found;
  });
  Object.defineProperty(audio, 'duration', { configurable: true, value: seconds });
  fireEvent(audio, new Event('loadedmetadata'));
  return audio;
}

const speed = () =>
  within(screen.getByRole('radiogroup', { name: 'Playback speed' }))
    .getAllByRole<HTMLInputElement>('radio')
    .find((r) => r.checked)?.value;

function Page({ recording }: { recording: TRecordingRef | null }) {
  return (
    <>
      <ScoringPlayer recording={recording} empty="Nothing chosen" />
      <textarea aria-label="Suggestion" />
    </>
  );
}

describe('ScoringPlayer', () => {
  it('plays and pauses with Space and seeks 5 s with the arrows, but not while typing', async () => {
    renderWithApp(<Page recording={FIRST} />);
    const audio = await loadedAudio();
    expect(audio.paused).toBe(true);
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(audio.paused).toBe(false);
    await screen.findByRole('button', { name: 'Pause' });
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(audio.paused).toBe(true);

    audio.currentTime = 20;
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(audio.currentTime).toBe(25);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(audio.currentTime).toBe(15);
    audio.currentTime = 58;
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(audio.currentTime).toBe(60);

    const suggestion = screen.getByLabelText('Suggestion');
    fireEvent.keyDown(suggestion, { key: ' ' });
    fireEvent.keyDown(suggestion, { key: 'ArrowLeft' });
    fireEvent.keyDown(suggestion, { key: ']' });
    expect(audio.paused).toBe(true);
    expect(audio.currentTime).toBe(60);
    expect(speed()).toBe('1');
  });

  it('changes the speed with [ and ] and the buttons, plays the next recording at it, and remembers it', async () => {
    const view = renderWithApp(<Page recording={FIRST} />);
    const first = await loadedAudio();
    fireEvent.keyDown(document.body, { key: ']' });
    fireEvent.keyDown(document.body, { key: ']' });
    expect(speed()).toBe('1.5');
    expect(first.playbackRate).toBe(1.5);
    fireEvent.keyDown(document.body, { key: '[' });
    expect(speed()).toBe('1.25');
    expect(first.playbackRate).toBe(1.25);
    fireEvent.click(screen.getByLabelText('2×'));
    expect(first.playbackRate).toBe(2);
    expect(localStorage.getItem(SPEED_STORAGE_KEY)).toBe('2');

    view.rerender(<Page recording={SECOND} />);
    await waitFor(() => expect(document.querySelector('audio')).not.toBe(first));
    const second = await loadedAudio();
    expect(second.playbackRate).toBe(2);
    view.unmount();

    renderWithApp(<Page recording={SECOND} />);
    expect(speed()).toBe('2');
  });

  it('says what to do before a recording is chosen, and Space then does nothing', () => {
    renderWithApp(<Page recording={null} />);
    expect(screen.getByText('Nothing chosen')).toBeTruthy();
    const event = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});
