// The shared recording player: the audio URL carries a media token, the length is reported once in whole seconds,
// Play/Pause drive the element, a failure is retried once with a fresh token and then shown inline.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { recordingUrl } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { fakeServer } from '../../test/lead-actions-test-fetch.ts';
import { formatClock, RECORDING_LOAD_FAILED, RecordingPlayer } from './RecordingPlayer.tsx';

const EXPIRES = '2030-01-01T00:00:00.000Z';

let played: number;
let paused: number;
let loaded: number;

beforeEach(() => {
  played = 0;
  paused = 0;
  loaded = 0;
  // jsdom has no media playback: count the calls and let the tests fire the events a browser would.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played += 1;
    Object.defineProperty(this, 'paused', { configurable: true, value: false });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused += 1;
    Object.defineProperty(this, 'paused', { configurable: true, value: true });
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {
    loaded += 1;
  });
});
afterEach(() => vi.restoreAllMocks());

function tokens(...names: string[]) {
  let n = 0;
  return () => ({ body: { token: names[Math.min(n++, names.length - 1)], expiresAt: EXPIRES } });
}

function audioElement(): HTMLAudioElement {
  const audio = document.querySelector('audio');
  if (audio === null) throw new Error('no <audio> yet');
  return audio;
}

function loadMetadata(seconds: number) {
  const audio = audioElement();
  Object.defineProperty(audio, 'duration', { configurable: true, value: seconds });
  fireEvent(audio, new Event('loadedmetadata'));
}

describe('formatClock', () => {
  it('writes m:ss, and h:mm:ss past an hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(75.9)).toBe('1:15');
    expect(formatClock(3675)).toBe('1:01:15');
  });
});

describe('RecordingPlayer', () => {
  it('plays {date}/{fileName} with a media token and reports the length once, in whole seconds', async () => {
    fakeServer({ 'GET /api/auth/media-token': tokens('t1') });
    const onMetadata = vi.fn();
    renderWithApp(<RecordingPlayer date="2026-11-19" fileName="01712345678_AG-1001.wav" onMetadata={onMetadata} />);
    await waitFor(() =>
      expect(audioElement().getAttribute('src')).toBe(recordingUrl('2026-11-19', '01712345678_AG-1001.wav', 't1')),
    );
    expect(screen.getByRole('group', { name: 'Recording 01712345678_AG-1001.wav' })).toBeTruthy();
    expect(screen.getByLabelText('Time').textContent).toBe('0:00 / -:--');

    loadMetadata(12.7);
    expect(onMetadata).toHaveBeenCalledWith(12);
    expect(screen.getByLabelText('Time').textContent).toBe('0:00 / 0:12');
    fireEvent(audioElement(), new Event('durationchange'));
    expect(onMetadata).toHaveBeenCalledTimes(1);
  });

  it('toggles between Play and Pause', async () => {
    fakeServer({ 'GET /api/auth/media-token': tokens('t1') });
    renderWithApp(<RecordingPlayer date="2026-11-19" fileName="a.wav" label="The call" />);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Play' }) as HTMLButtonElement).disabled).toBe(false),
    );
    loadMetadata(30);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(played).toBe(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(paused).toBe(1);
    expect(await screen.findByRole('button', { name: 'Play' })).toBeTruthy();
    expect(screen.getByText('The call')).toBeTruthy();
  });

  it('pauses the recording playing when another starts', async () => {
    fakeServer({ 'GET /api/auth/media-token': tokens('t1') });
    renderWithApp(
      <>
        <RecordingPlayer date="2026-11-19" fileName="a.wav" compact />
        <RecordingPlayer date="2026-11-19" fileName="b.wav" compact />
      </>,
    );
    await waitFor(() => expect(document.querySelectorAll('audio')).toHaveLength(2));
    const [first, second] = screen.getAllByRole('button', { name: 'Play' });
    if (first === undefined || second === undefined) throw new Error('two players expected');
    fireEvent.click(first);
    fireEvent.click(second);
    expect(paused).toBe(1);
    expect(screen.getAllByRole('button', { name: 'Pause' })).toHaveLength(1);
    expect(screen.queryByText('a.wav')).toBeNull(); // compact: no caption
    expect(screen.getByRole('group', { name: 'Recording a.wav' })).toBeTruthy();
  });

  it('starts by itself when asked to', async () => {
    fakeServer({ 'GET /api/auth/media-token': tokens('t1') });
    renderWithApp(<RecordingPlayer date="2026-11-19" fileName="a.wav" autoPlay />);
    await waitFor(() => expect(document.querySelector('audio')).not.toBeNull());
    loadMetadata(30);
    expect(played).toBe(1);
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  it('reloads once with a fresh token, then shows a failure inline with Try again', async () => {
    const server = fakeServer({ 'GET /api/auth/media-token': tokens('t1', 't2', 't3') });
    renderWithApp(<RecordingPlayer date="2026-11-19" fileName="gone.wav" />);
    await waitFor(() => expect(audioElement().getAttribute('src')).toContain('token=t1'));

    fireEvent(audioElement(), new Event('error'));
    await waitFor(() => expect(audioElement().getAttribute('src')).toContain('token=t2'));
    expect(screen.queryByText(RECORDING_LOAD_FAILED)).toBeNull();

    fireEvent(audioElement(), new Event('error'));
    expect(await screen.findByText(RECORDING_LOAD_FAILED)).toBeTruthy();
    expect(server.sent.filter((r) => r.path === '/api/auth/media-token')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(audioElement().getAttribute('src')).toContain('token=t3'));
    expect(screen.queryByText(RECORDING_LOAD_FAILED)).toBeNull();
    loadMetadata(5);
    expect(screen.getByLabelText('Time').textContent).toBe('0:00 / 0:05');
    expect(loaded).toBe(0);
  });

  it('shows why a media token could not be had', async () => {
    fakeServer({ 'GET /api/auth/media-token': { status: 500, body: { message: 'The token service is down' } } });
    renderWithApp(<RecordingPlayer date="2026-11-19" fileName="a.wav" />);
    expect(await screen.findByText('The token service is down')).toBeTruthy();
    expect(screen.getByText(RECORDING_LOAD_FAILED)).toBeTruthy();
    expect(document.querySelector('audio')).toBeNull();
  });
});
