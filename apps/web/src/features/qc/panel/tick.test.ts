// The successful-call tick: grey until the chosen recording's length is known, green on a click after, and back to
// the start when another recording is chosen (the older screen kept it green and recorded another file's length).
import { describe, expect, it } from 'vitest';
import { QC_MESSAGES } from '@crm/shared';
import { chooseRecording, clickTick, metadataLoaded, NO_TICK, successfulCall } from './tick.ts';

describe('the tick', () => {
  it('says the duration is not available before a recording is chosen or has loaded', () => {
    expect(clickTick(NO_TICK)).toEqual({ tick: NO_TICK, message: QC_MESSAGES.durationNotAvailable });
    const loading = chooseRecording(NO_TICK, 'a.wav');
    expect(loading).toEqual({ kind: 'loading', fileName: 'a.wav' });
    expect(clickTick(loading)).toEqual({ tick: loading, message: QC_MESSAGES.durationNotAvailable });
    expect(successfulCall(loading)).toBeNull();
  });

  it('turns green once the length is known, and the ticked recording and its whole seconds are what is recorded', () => {
    const ready = metadataLoaded(chooseRecording(NO_TICK, 'a.wav'), 'a.wav', 42);
    expect(successfulCall(ready)).toBeNull();
    const { tick, message } = clickTick(ready);
    expect(message).toBe(QC_MESSAGES.successfulCall);
    expect(tick.kind).toBe('ticked');
    expect(successfulCall(tick)).toEqual({ fileName: 'a.wav', seconds: 42 });
  });

  it('clears when clicked again', () => {
    const ticked = clickTick(metadataLoaded(chooseRecording(NO_TICK, 'a.wav'), 'a.wav', 42)).tick;
    const again = clickTick(ticked);
    expect(again.message).toBeNull();
    expect(successfulCall(again.tick)).toBeNull();
    expect(again.tick).toEqual({ kind: 'ready', fileName: 'a.wav', seconds: 42 });
  });

  it('starts over for another recording, and ignores the length of one no longer chosen', () => {
    const ticked = clickTick(metadataLoaded(chooseRecording(NO_TICK, 'a.wav'), 'a.wav', 42)).tick;
    const other = chooseRecording(ticked, 'b.wav');
    expect(other).toEqual({ kind: 'loading', fileName: 'b.wav' });
    expect(successfulCall(other)).toBeNull();
    // a.wav's player reports late: still not known for b.wav
    expect(metadataLoaded(other, 'a.wav', 42)).toBe(other);
    expect(clickTick(other).message).toBe(QC_MESSAGES.durationNotAvailable);
    const ready = metadataLoaded(other, 'b.wav', 7);
    expect(successfulCall(clickTick(ready).tick)).toEqual({ fileName: 'b.wav', seconds: 7 });
  });

  it('keeps its state when the same recording is chosen again, and ignores a second length report', () => {
    const ticked = clickTick(metadataLoaded(chooseRecording(NO_TICK, 'a.wav'), 'a.wav', 42)).tick;
    expect(chooseRecording(ticked, 'a.wav')).toBe(ticked);
    expect(metadataLoaded(ticked, 'a.wav', 99)).toBe(ticked);
  });
});
