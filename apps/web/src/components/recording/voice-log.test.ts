// The voice log path of a review or dispute: split into the date and the file the player asks for.
import { describe, expect, it } from 'vitest';
import { splitVoiceLog } from './voice-log.ts';

describe('splitVoiceLog', () => {
  it('splits {date}/{file} at the first slash, and has nothing to play without one', () => {
    expect(splitVoiceLog('2026-03-02/20260302-101500_01712345678_AG-1001-all.wav')).toEqual({
      date: '2026-03-02',
      fileName: '20260302-101500_01712345678_AG-1001-all.wav',
    });
    expect(splitVoiceLog(null)).toBeNull();
    expect(splitVoiceLog('no-slash.wav')).toBeNull();
    expect(splitVoiceLog('2026-03-02/')).toBeNull();
  });
});
