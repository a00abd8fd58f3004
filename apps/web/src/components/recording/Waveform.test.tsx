// The waveform: a click on a shaded region plays from its start, a click elsewhere from that point, Enter and Space
// on a focused region do the same, the playhead stands where the audio is, and markers (given or from the screen's
// context) are buttons that seek to their moment.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { monoWithHold, stereoWithOvertalk } from '../../test/analysis-test-data.ts';
import { peaksPath, Waveform } from './Waveform.tsx';
import { WaveformMarkersContext } from './waveform-markers.ts';

afterEach(() => vi.restoreAllMocks());

function show(analysis = monoWithHold(), currentSec = 0) {
  const onSeek = vi.fn<(seconds: number) => void>();
  renderWithApp(<Waveform analysis={analysis} currentSec={currentSec} onSeek={onSeek} />);
  return onSeek;
}

describe('Waveform', () => {
  it('seeks to the start of a clicked region, wherever in it the click lands', () => {
    const onSeek = show();
    fireEvent.click(screen.getByRole('button', { name: 'Hold 31 s at 02:14' }), { clientX: 500 });
    expect(onSeek.mock.calls).toEqual([[134]]);
    fireEvent.click(screen.getByRole('button', { name: 'Silence 4 s at 01:00' }));
    expect(onSeek).toHaveBeenLastCalledWith(60);
  });

  it('seeks with Enter and Space on a focused region, and keeps Space from the page', () => {
    const onSeek = show(stereoWithOvertalk());
    const overtalk = screen.getByRole('button', { name: 'Overtalk 5 s at 00:45' });
    expect(overtalk.tabIndex).toBe(0);
    fireEvent.keyDown(overtalk, { key: 'Enter' });
    const space = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    overtalk.dispatchEvent(space);
    expect(onSeek.mock.calls).toEqual([[45], [45]]);
    expect(space.defaultPrevented).toBe(true);
    fireEvent.keyDown(overtalk, { key: 'a' });
    expect(onSeek).toHaveBeenCalledTimes(2);
  });

  it('seeks to the point clicked outside the regions', () => {
    const onSeek = show();
    const wave = screen.getByRole('group', { name: 'Waveform' });
    vi.spyOn(wave, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 100, y: 0, width: 800, height: 44 }));
    fireEvent.click(wave, { clientX: 300 });
    expect(onSeek.mock.calls).toEqual([[50]]);
  });

  it('places the regions and the playhead along the recording', () => {
    show(monoWithHold(), 50);
    const hold = screen.getByRole('button', { name: 'Hold 31 s at 02:14' });
    expect(hold.style.left).toBe('67%');
    expect(hold.style.width).toBe('15.5%');
    expect(hold.dataset.kind).toBe('hold');
    expect((document.querySelector('[data-playhead]') as HTMLElement).style.left).toBe('25%');
    expect(screen.queryByRole('button', { name: /at 00:10/ })).toBeNull();
  });

  it('draws the peaks as one shape, upper edge then lower', () => {
    expect(peaksPath([0, 1, 0.5])).toBe('M0 50.0 L1 0.0 L2 25.0 L2 75.0 L1 100.0 L0 50.0 Z');
    expect(peaksPath([])).toBe('');
  });

  it('draws markers as buttons that seek to their moment by click, Enter or Space, not to the point clicked', () => {
    const onSeek = vi.fn<(seconds: number) => void>();
    const markers = [{ id: 'c1', atSeconds: 50, label: 'Comment at 0:50: Talked over' }];
    renderWithApp(<Waveform analysis={monoWithHold()} currentSec={0} onSeek={onSeek} markers={markers} />);
    const marker = screen.getByRole('button', { name: 'Comment at 0:50: Talked over' });
    expect(marker.tabIndex).toBe(0);
    expect(marker.style.left).toContain('25%');
    fireEvent.click(marker, { clientX: 900 });
    fireEvent.keyDown(marker, { key: 'Enter' });
    fireEvent.keyDown(marker, { key: ' ' });
    expect(onSeek.mock.calls).toEqual([[50], [50], [50]]);
  });

  it("takes the markers of the screen's context when none are given", () => {
    renderWithApp(
      <WaveformMarkersContext value={[{ id: 'c2', atSeconds: 100, label: 'Comment at 1:40: Good close' }]}>
        <Waveform analysis={monoWithHold()} currentSec={0} onSeek={vi.fn()} />
      </WaveformMarkersContext>,
    );
    expect(screen.getByRole('button', { name: 'Comment at 1:40: Good close' }).dataset.marker).toBe('100');
  });
});
